# Shared by the project's scripts: install Debian packages and build the jar, each only when needed.
# shellcheck shell=bash

project_root() {
  cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd
}

log() {
  printf '==> %s\n' "$*" >&2
}

# Installs the Debian packages given that are not installed yet; a no-op when all are.
ensure_packages() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  if ((${#missing[@]} > 0)); then
    log "installing Debian packages: ${missing[*]}"
    if [[ $(id -u) -ne 0 ]]; then
      echo "error: these packages are missing and installing them needs root: ${missing[*]}" >&2
      exit 1
    fi
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

# What building and running virt-tune needs.
BUILD_PACKAGES=(openjdk-17-jdk-headless maven libvirt0)

# What the lab (a device-mapper kernel with libvirtd and a test guest) needs.
LAB_PACKAGES=(
  libvirt-daemon libvirt-daemon-driver-qemu libvirt-clients qemu-system-x86 qemu-utils lvm2
  user-mode-linux kmod busybox-static fio qemu-guest-agent cpio
)

# What the whole test suite needs: the real tools virt-tune drives, and the lab's kernel and guest.
TEST_PACKAGES=("${BUILD_PACKAGES[@]}" "${LAB_PACKAGES[@]}" virtinst udev ansible-core chromium)

# Builds target/virt-tune.jar unless it is newer than every source file.
ensure_jar() {
  local root jar
  root=$(project_root)
  jar="$root/target/virt-tune.jar"
  if [[ -f $jar ]] && [[ -z $(find "$root/src/main" "$root/pom.xml" -newer "$jar" -print -quit) ]]; then
    return
  fi
  log "building virt-tune"
  (cd "$root" && mvn -B -q package -DskipTests)
}

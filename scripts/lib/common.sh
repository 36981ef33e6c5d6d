# Shared by the project's scripts: install Debian packages and build the jar, each only when needed.
# shellcheck shell=bash
# shellcheck disable=SC2034 # the package lists are for the scripts that source this file

project_root() {
  cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd
}

log() {
  printf '==> %s\n' "$*" >&2
}

# The one way a script stops on an error: "NAME: MESSAGE" on stderr, then exit STATUS.
# A script sets DIE_NAME (default: its file name) and DIE_STATUS (default 1) for its callers.
die() {
  echo "${DIE_NAME:-$(basename -- "$0")}: $*" >&2
  exit "${DIE_STATUS:-1}"
}

# Installs the Debian packages given that are not installed yet; a no-op when all are.
ensure_packages() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  if ((${#missing[@]} > 0)); then
    log "installing Debian packages: ${missing[*]}"
    [[ $(id -u) -eq 0 ]] || die "these packages are missing and installing them needs root: ${missing[*]}"
    apt-get update -q >/dev/null || die "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null \
      || die "apt-get install ${missing[*]} failed"
  fi
}

# The JDK of this machine's Debian suite: 17 on Debian 12, 21 on Debian 13 (which has no 17). The
# jar targets Java 17 either way; the package depends on default-jre-headless (>= 2:1.17).
suite_jdk() {
  local codename
  # shellcheck source=/dev/null
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  case $codename in
    bullseye | bookworm) echo openjdk-17-jdk-headless ;;
    *) echo openjdk-21-jdk-headless ;;
  esac
}

# What building and running virt-tune needs.
BUILD_PACKAGES=("$(suite_jdk)" maven libvirt0)

# What the lab (a device-mapper kernel with libvirtd and a test guest) needs. patchelf and the
# archive keyring: for a newer suite's kernel where the machine's does not boot (lab.d/kernel).
# thin-provisioning-tools: thin_check, which LVM runs on a thin pool's activation, as on a real
# host (lvm2 only recommends it, and recommends are not installed).
LAB_PACKAGES=(
  libvirt-daemon libvirt-daemon-driver-qemu libvirt-clients qemu-system-x86 qemu-utils lvm2
  user-mode-linux kmod busybox-static fio qemu-guest-agent cpio xz-utils patchelf
  debian-archive-keyring thin-provisioning-tools openssh-client iproute2 btrfs-progs
)

# What the whole test suite needs: the real tools virt-tune drives, the lab's kernel and guest,
# the validators of generated files (xmllint with libvirt's schemas, udevadm, ansible), headless
# Chromium for the HTML report, shellcheck for the scripts, lintian for the Debian package, and a
# C compiler for the fault matrix's journal-stop library (src/test/native).
TEST_PACKAGES=(
  "${BUILD_PACKAGES[@]}" "${LAB_PACKAGES[@]}" virtinst libxml2-utils udev ansible-core chromium
  shellcheck lintian gcc libc6-dev
)

# Builds target/virt-tune.jar unless it is newer than every source file.
ensure_jar() {
  local root jar
  root=$(project_root)
  jar="$root/target/virt-tune.jar"
  if [[ -f $jar ]] && [[ -z $(find "$root/src/main" "$root/templates" "$root/pom.xml" -newer "$jar" -print -quit) ]]; then
    return
  fi
  log "building virt-tune"
  (cd "$root" && mvn -B -q package -DskipTests)
}

# Sets up a private apt configuration in DIR (its own sources list, lists and cache; nothing of
# the machine's apt state is read or changed) with the LINES given as its sources list, and
# updates it. Packages still come signed: every line names Debian's archive keyring.
private_apt_init() {
  local dir=$1
  shift
  rm -rf -- "$dir"
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
  printf '%s\n' "$@" > "$dir/sources.list"
  private_apt "$dir" update > "$dir/apt.log" 2>&1 || die "apt-get update for $* failed (see $dir/apt.log)"
}

# Runs apt-get ARGS... with the private configuration in DIR (see private_apt_init).
private_apt() {
  local dir=$1
  shift
  apt-get -q -o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache" \
    -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null \
    -o APT::Sandbox::User=root "$@"
}

readonly DEBIAN_ARCHIVE="[signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian"

# Domain XML test data from libvirt's own test suite, taken from the Debian source package of
# the installed libvirt (through a private apt configuration) and cached in
# build/cache/corpus/libvirt; with SUITE (trixie), that of the libvirt in the lab's root of that
# suite (scripts/lab.d/root), cached in build/cache/corpus/libvirt-SUITE. Prints that directory.
# The tests read it (src/test/.../Corpus.java).
ensure_libvirt_corpus() {
  local suite=${1:-} root dest apt version tarball admindir=/var/lib/dpkg source_suite=bookworm
  root=$(project_root)
  dest=$root/build/cache/corpus/libvirt
  if [[ -n $suite ]]; then
    admindir=$("$root/scripts/lab.d/root" "$suite" | sed -n 's/^SUITE_ROOT=//p')/var/lib/dpkg
    dest=$dest-$suite source_suite=$suite
  fi
  version=$(dpkg-query --admindir="$admindir" -W -f='${source:Version}' libvirt0 2>/dev/null) \
    || die "libvirt0 is not installed${suite:+ in the $suite root}: it names the libvirt whose test suite the corpus comes from"
  if [[ -f $dest/VERSION && $(cat "$dest/VERSION") == "$version" ]]; then
    echo "$dest"
    return
  fi
  log "fetching libvirt $version's test domain XML (Debian source package) into $dest"
  apt=$dest.apt
  private_apt_init "$apt" "deb-src $DEBIAN_ARCHIVE $source_suite main"
  # The installed version's source when the archive still has it, else the suite's current one.
  # Only the upstream tarball is used: apt checks its hash against the signed index as it fetches
  # it, so a .dsc the mirror lacks (seen for trixie's point releases) fails apt but not this.
  (cd "$apt" && { private_apt "$apt" source --download-only "libvirt=$version" \
    || compgen -G 'libvirt_*.orig.tar.xz' >/dev/null \
    || private_apt "$apt" source --download-only libvirt; }) >> "$apt/apt.log" 2>&1 || true
  tarball=$(echo "$apt"/libvirt_*.orig.tar.xz)
  [[ -f $tarball ]] || die "apt-get source --download-only libvirt gave no libvirt_*.orig.tar.xz (see $apt/apt.log)"
  rm -rf -- "$dest.tmp"
  mkdir -p "$dest.tmp"
  # libvirt 10.1 merged qemuxml2argvdata and qemuxml2xmloutdata into qemuxmlconfdata.
  tar -xJf "$tarball" -C "$dest.tmp" --strip-components=2 --wildcards \
    '*/tests/qemuxml2argvdata/*.xml' '*/tests/qemuxml2xmloutdata/*.xml' '*/tests/qemuxmlconfdata/*.xml' \
    2>/dev/null || true
  [[ -n $(find "$dest.tmp" -name '*.xml' -print -quit) ]] \
    || die "cannot extract libvirt's test domain XML from $tarball"
  echo "$version" > "$dest.tmp/VERSION"
  rm -rf -- "$dest" "$apt"
  mv -- "$dest.tmp" "$dest"
  echo "$dest"
}

# An OpenSSH server for the lab's fleet hosts (scripts/lab fleet), unpacked from Debian's packages
# into build/cache/sshd and never installed: installing openssh-server would enable and start an
# sshd on this machine itself. Its one library the machine may lack (libwrap0) is unpacked
# beside it and found through its rpath, and its SFTP server beside it, as a Debian host has it
# (Ansible copies files with SFTP). Prints the sshd binary's path.
ensure_sshd() {
  local root dest deb package
  root=$(project_root)
  dest=$root/build/cache/sshd
  if [[ -x $dest/root/usr/sbin/sshd && -x $dest/root/usr/lib/openssh/sftp-server ]]; then
    echo "$dest/root/usr/sbin/sshd"
    return
  fi
  log "fetching openssh-server (unpacked into $dest, not installed)"
  rm -rf -- "$dest.tmp"
  mkdir -p "$dest.tmp/deb"
  local packages=(openssh-server openssh-sftp-server libwrap0)
  (cd "$dest.tmp/deb" && apt-get download -q -o APT::Sandbox::User=root "${packages[@]}" \
    || { apt-get update -q && apt-get download -q -o APT::Sandbox::User=root "${packages[@]}"; }) \
    > "$dest.tmp/apt.log" 2>&1 || die "apt-get download ${packages[*]} failed (see $dest.tmp/apt.log)"
  for deb in "$dest.tmp"/deb/*.deb; do
    package=$(dpkg-deb -f "$deb" Package)
    [[ " ${packages[*]} " == *" $package "* ]] || die "unexpected package $package in $deb"
    dpkg-deb -x "$deb" "$dest.tmp/root"
  done
  # shellcheck disable=SC2016 # $ORIGIN is for the dynamic loader, not the shell
  patchelf --set-rpath '$ORIGIN/../lib/x86_64-linux-gnu' "$dest.tmp/root/usr/sbin/sshd"
  if ldd "$dest.tmp/root/usr/sbin/sshd" | grep -q 'not found'; then
    die "the unpacked sshd lacks libraries: $(ldd "$dest.tmp/root/usr/sbin/sshd" | grep 'not found' | tr -s ' \n' ' ')"
  fi
  rm -rf -- "$dest"
  mv -- "$dest.tmp" "$dest"
  echo "$dest/root/usr/sbin/sshd"
}

# The benchmarks' source disk, written once at PATH: an 8 GiB qcow2 with 1 GiB of data in 16 runs
# of 64 MiB spread across it, each starting 13 MiB into a 512 MiB stride, so that no run is
# aligned to a thin pool's chunk.
ensure_bench_image() {
  local image=$1 k args=() partial
  [[ -f $image ]] && return 0
  log "writing the 8 GiB image with 1 GiB of data in 16 runs"
  # A name of its own: two benchmarks started at once each write theirs, and the rename is atomic.
  partial=$(mktemp "$image.partial.XXXXXX")
  chmod 0644 "$partial"
  qemu-img create -q -f qcow2 "$partial" 8G
  for ((k = 0; k < 16; k++)); do
    args+=(-c "write -P $((k + 1)) $((k * 512 + 13))M 64M")
  done
  qemu-io "${args[@]}" "$partial" >/dev/null
  mv "$partial" "$image"
}

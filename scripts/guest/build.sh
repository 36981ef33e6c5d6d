#!/usr/bin/env bash
# Builds the lab's test guest from Debian packages: build/guest/vmlinuz and
# build/guest/initramfs.gz (busybox, fio, qemu-ga, disk and virtio drivers, scripts/guest/init).
# Rebuilds only when an input changes (kernel package, tool versions, these scripts).
# See docs/lab.md.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project=$(cd "$here/../.." && pwd)
readonly here project

# Drivers the guest loads, with their dependencies resolved by modprobe: virtio disks and
# console (the agent channel), virtio-scsi, and the SATA (AHCI) and IDE (PIIX) controllers
# that a migration's "before" state uses. The cloud kernel has no AHCI driver at all
# (CONFIG_SATA_AHCI is not set), hence the generic kernel by default.
readonly MODULES=(virtio_pci virtio_blk virtio_console virtio_scsi sd_mod ahci ata_piix)

usage() {
  cat <<USAGE
Usage: scripts/guest/build.sh [--flavour generic|cloud] [--out DIR] [--force]

Builds the test guest (default output: build/guest/vmlinuz, build/guest/initramfs.gz) and
prints the output directory. Does nothing when the inputs have not changed.
  --flavour F  Debian kernel flavour: generic (default, has AHCI) or cloud (no SATA disks)
  --out DIR    output directory (default: build/guest, or build/guest-cloud for cloud)
  --force      rebuild even when the inputs have not changed
USAGE
}

# shellcheck source=../lib/common.sh
source "$here/../lib/common.sh"
export DIE_NAME=guest/build.sh

pkg_version() { dpkg-query -W -f '${Version}' "$1"; }

# The kernel image package the metapackage points at, e.g. linux-image-6.1.0-57-amd64.
kernel_package() {
  local meta=$1 dep
  dep=$(apt-cache depends "$meta" 2>/dev/null | awk '/Depends: linux-image-/ {print $2; exit}')
  [[ -n $dep ]] || die "cannot resolve $meta to a kernel package (apt-get update?)"
  echo "$dep"
}

# Copies FILE and the shared libraries ldd lists for it into the tree ROOT, at the same paths.
copy_with_libs() {
  local root=$1 file=$2 lib
  install -D -m 0755 "$file" "$root$file"
  while read -r lib; do
    [[ -e $root$lib ]] || install -D -m 0755 "$(readlink -f "$lib")" "$root$lib"
  done < <(ldd "$file" | grep -o '/[^ ]*' | sort -u)
}

build() {
  local flavour=$1 out=$2 kpkg=$3 kdeb=$4
  local work=$out/work
  rm -rf "$work"
  mkdir -p "$work/kernel" "$work/root"
  dpkg -x "$kdeb" "$work/kernel"
  local kver
  kver=$(basename "$(find "$work/kernel/lib/modules" -mindepth 1 -maxdepth 1 -type d | head -n 1)")
  [[ -n $kver ]] || die "no modules in $kdeb"
  depmod -b "$work/kernel" "$kver"

  local root=$work/root
  mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,dev,proc,sys,run,tmp,etc,lib/modules,root,var}
  ln -s ../run "$root/var/run"
  mknod -m 600 "$root/dev/console" c 5 1
  mknod -m 666 "$root/dev/null" c 1 3

  # busybox and its applets
  install -m 0755 /bin/busybox "$root/bin/busybox"
  local applet
  while read -r applet; do
    [[ $applet == /bin/busybox || -e $root$applet ]] || ln -s /bin/busybox "$root$applet"
  done < <(/bin/busybox --list-full | sed 's|^|/|')

  # tools
  copy_with_libs "$root" /usr/bin/fio
  copy_with_libs "$root" /usr/sbin/qemu-ga
  # qemu-ga's guest-shutdown runs /sbin/shutdown; there is no init system to ask.
  rm -f "$root/sbin/shutdown"
  printf '#!/bin/sh\nsync\nexec poweroff -f\n' > "$root/sbin/shutdown"
  chmod 0755 "$root/sbin/shutdown"

  # kernel modules, in load order (dependencies first, each once)
  local line path name
  : > "$root/lib/modules/load.order"
  for name in "${MODULES[@]}"; do
    if ! modprobe -d "$work/kernel" -S "$kver" --show-depends "$name" >/dev/null 2>&1; then
      echo "guest/build.sh: warning: $kpkg has no module $name (and no such built-in driver)" >&2
      continue
    fi
    while read -r line; do
      [[ $line == insmod\ * ]] || continue
      path=$(awk '{print $2}' <<< "$line")
      local base
      base=$(basename "$path")
      base=${base%.ko*}
      grep -qx "$base" "$root/lib/modules/load.order" && continue
      # CPU-specific crypto: TCG's default CPU has no PCLMUL; the generic variant is loaded.
      [[ $base == *pclmul* ]] && continue
      case $path in
        *.ko.xz) xz -dc "$path" > "$root/lib/modules/$base.ko" ;;
        *.ko.zst) zstd -qdc "$path" > "$root/lib/modules/$base.ko" ;;
        *) cp "$path" "$root/lib/modules/$base.ko" ;;
      esac
      echo "$base" >> "$root/lib/modules/load.order"
    done < <(modprobe -d "$work/kernel" -S "$kver" --show-depends "$name")
  done

  install -m 0755 "$here/init" "$root/init"
  echo "$flavour $kpkg $kver" > "$root/etc/vt-guest-release"

  cp "$work/kernel/boot/vmlinuz-$kver" "$out/vmlinuz.new"
  (cd "$root" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet --reproducible) \
    | gzip -6 -n > "$out/initramfs.gz.new"
  mv "$out/vmlinuz.new" "$out/vmlinuz"
  mv "$out/initramfs.gz.new" "$out/initramfs.gz"
  rm -rf "$work"
}

main() {
  local flavour=generic out="" force=0
  while (($#)); do
    case $1 in
      --flavour) (($# >= 2)) || die "--flavour needs generic or cloud"; flavour=$2; shift 2 ;;
      --out) (($# >= 2)) || die "--out needs DIR"; out=$2; shift 2 ;;
      --force) force=1; shift ;;
      -h | --help) usage; exit 0 ;;
      *) usage >&2; exit 2 ;;
    esac
  done
  local meta
  case $flavour in
    generic) meta=linux-image-amd64; out=${out:-$project/build/guest} ;;
    cloud) meta=linux-image-cloud-amd64; out=${out:-$project/build/guest-cloud} ;;
    *) die "--flavour: generic or cloud, not $flavour" ;;
  esac
  ((EUID == 0)) || die "must run as root (device nodes in the initramfs, apt-get)"
  ensure_packages busybox-static fio qemu-guest-agent cpio kmod xz-utils
  mkdir -p "$out" "$project/build/cache/deb"
  out=$(cd "$out" && pwd)

  local kpkg
  kpkg=$(kernel_package "$meta")
  local kdeb
  kdeb=$(find "$project/build/cache/deb" -maxdepth 1 -name "${kpkg}_*.deb" | sort | tail -n 1)
  if [[ -z $kdeb ]]; then
    (cd "$project/build/cache/deb" && apt-get download -q "$kpkg" >&2) || die "apt-get download $kpkg failed"
    kdeb=$(find "$project/build/cache/deb" -maxdepth 1 -name "${kpkg}_*.deb" | sort | tail -n 1)
    [[ -n $kdeb ]] || die "apt-get download $kpkg gave no .deb"
  fi

  # Every input that changes the output.
  local inputs
  inputs=$(
    echo "flavour=$flavour modules=${MODULES[*]}"
    sha256sum "$kdeb" "$here/init" "${BASH_SOURCE[0]}" /bin/busybox /usr/bin/fio /usr/sbin/qemu-ga | awk '{print $1}'
    for p in busybox-static fio qemu-guest-agent libc6; do echo "$p $(pkg_version "$p")"; done
  )
  local hash
  hash=$(sha256sum <<< "$inputs" | awk '{print $1}')
  if ((!force)) && [[ -f $out/vmlinuz && -f $out/initramfs.gz && -f $out/inputs.sha256 ]] \
    && [[ $(cat "$out/inputs.sha256") == "$hash" ]]; then
    echo "$out"
    return 0
  fi
  echo "guest/build.sh: building the $flavour guest from $(basename "$kdeb")" >&2
  rm -f "$out/inputs.sha256"
  build "$flavour" "$out" "$kpkg" "$kdeb"
  echo "$hash" > "$out/inputs.sha256"
  echo "guest/build.sh: $(du -h "$out/initramfs.gz" | cut -f1) initramfs" >&2
  echo "$out"
}

main "$@"

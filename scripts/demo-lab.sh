#!/usr/bin/env bash
# The whole pipeline on a real guest, in the lab (scripts/lab: a device-mapper kernel with
# libvirtd): the test guest (scripts/guest) with a qcow2 disk on SATA and one on virtio, filled
# with known data, is checksummed from inside, inspected, planned, applied onto LVs, booted again
# and checksummed again. Used by scripts/demo.sh; results go to the directory given.
#   scripts/demo-lab.sh OUT_DIR
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project=$(cd "$here/.." && pwd)
readonly here project

inside() {
  local out=$1 images=/run/demo-images name=web01-demo
  virsh() { command virsh -q -c qemu:///system "$@"; }
  step() { printf '\n==> [lab] %s\n' "$*"; }
  boot_and_checksum() { # prints the guest's checksum lines, sorted by checksum
    : >"$images/console.log"
    virsh start "$name" >/dev/null
    for ((i = 0; i < 600; i++)); do
      [[ $(virsh domstate "$name") == "shut off" ]] && break
      sleep 1
    done
    grep -o 'VT-CHECKSUM [^ ]* [0-9a-f]*' "$images/console.log" | sort -k3
  }

  step "a VG for the guests' new volumes, and a guest on qcow2 files (system on SATA, data on virtio)"
  lvm pvcreate -q /dev/ubda >/dev/null
  lvm vgcreate -q -s 256M vg_vms /dev/ubda
  mkdir -p "$images" && chmod 755 "$images"
  qemu-img create -q -f qcow2 "$images/$name-system.qcow2" 256M
  qemu-io -c 'write -P 0xab 0 24M' -c 'write -P 0xcd 200M 8M' "$images/$name-system.qcow2" >/dev/null
  qemu-img create -q -f qcow2 "$images/$name-data.qcow2" 256M
  qemu-io -c 'write -P 0x11 1M 6M' "$images/$name-data.qcow2" >/dev/null
  # The test guest with a second disk, on virtio, before its serial console.
  "$project/scripts/guest/domain-xml" "$name" "$images/$name-system.qcow2" "$images/console.log" checksum |
    sed -e "s|    <serial type='file'>|    <disk type='file' device='disk'>\n      <driver name='qemu' type='qcow2'/>\n      <source file='$images/$name-data.qcow2'/>\n      <target dev='vda' bus='virtio'/>\n    </disk>\n    <serial type='file'>|" \
      >"$out/domain.xml"
  virsh define "$out/domain.xml" >/dev/null
  sha256sum "$images"/*.qcow2 >"$out/sources-before.sha256"

  step "boot it: the guest prints a checksum of each of its disks"
  boot_and_checksum | tee "$out/checksums-before.txt"

  step "virt-tune inspect $name"
  "$project/scripts/virt-tune" inspect "$name" || true

  step "virt-tune plan $name --vg vg_vms --diff --out plan.json"
  "$project/scripts/virt-tune" plan "$name" --vg vg_vms --diff --no-hugepages --out "$out/plan.json"

  step "virt-tune apply plan.json --execute"
  "$project/scripts/virt-tune" apply "$out/plan.json" --execute --state-dir "$out/state"
  lvm lvs -o lv_name,lv_size,lv_read_ahead vg_vms

  step "boot the migrated guest (raw LVs on virtio-blk with IOThreads) and checksum its disks again"
  boot_and_checksum | tee "$out/checksums-after.txt"
  sha256sum -c --quiet "$out/sources-before.sha256"
  if [[ $(awk '{print $3}' "$out/checksums-before.txt") == "$(awk '{print $3}' "$out/checksums-after.txt")" ]]; then
    echo "data intact: the guest reads the same bytes from its new LVs as from its qcow2 files; the source images are unchanged"
  else
    echo "DATA DIFFERS: compare $out/checksums-before.txt and $out/checksums-after.txt" >&2
    return 1
  fi
}

if [[ ${1:-} == --inside ]]; then
  inside "$2"
  exit
fi
out=${1:?usage: scripts/demo-lab.sh OUT_DIR}
mkdir -p "$out" && chmod 755 "$out"
"$project/scripts/guest/build.sh" >/dev/null
"$project/scripts/lab" run --disk pv0:4G --libvirtd --timeout 1200 -- "$here/demo-lab.sh" --inside "$out"

#!/usr/bin/env bash
# Experiment behind apply's pause at each pivot (docs/live.md): does QEMU survive a block copy's
# pivot while the guest writes? In one lab run (scripts/lab run --libvirtd), ROUNDS times (default
# 6), alternating: the test guest on a fresh 1 GiB qcow2, its disk on BUS (sata or virtio; default
# sata), fio in the guest writing 4k random at queue depth 8 on it; virsh blockcopy onto a fresh
# thin LV (raw, --reuse-external --transient-job, as apply), then, once ready, the pivot, made
# with the guest running ("plain") or paused for it ("paused": virsh suspend, --pivot, resume).
# Each round prints the guest's state after the pivot, the disk it runs on and QEMU's assertion,
# if it aborted. MODES=plain or MODES=paused makes every round that one.
# Last line: bus=... plain_rounds=... plain_aborted=... paused_rounds=... paused_aborted=...
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project=$(cd "$here/../.." && pwd)
readonly here project VG=vt
# shellcheck source=../lib/common.sh
source "$project/scripts/lib/common.sh"
# shellcheck source=../lib/lab-guest.sh
source "$project/scripts/lib/lab-guest.sh"
ROUNDS=${ROUNDS:-6} BUS=${BUS:-sata} MODES=${MODES:-alternate}
[[ $BUS == sata || $BUS == virtio ]] || die "BUS must be sata or virtio, not '$BUS'"

inside() {
  local dev i mode name rc state source aborted
  local -A rounds=([plain]=0 [paused]=0) aborts=([plain]=0 [paused]=0)
  dev=$([[ $BUS == virtio ]] && echo vda || echo sda)
  lvm pvcreate -q /dev/ubda >/dev/null
  lvm vgcreate -q -s 4M "$VG" /dev/ubda >/dev/null
  lvm lvcreate -q --yes --type thin-pool -L 12G --chunksize 4M --zero n -n pool "$VG" >/dev/null
  mkdir -p /run/images
  for ((i = 1; i <= ROUNDS; i++)); do
    mode=$MODES
    [[ $mode != alternate ]] || mode=$( ((i % 2)) && echo plain || echo paused)
    name=vt-pivot$i
    qemu-img create -q -f qcow2 "/run/images/$name.qcow2" 1G
    guest_define "$name" "/run/images/$name.qcow2" "$dev" "$BUS"
    guest_boot "$name"
    guest_run "$name" "fio --name=load --filename=/dev/$dev --rw=randwrite --bs=4k --iodepth=8 --ioengine=libaio \
--direct=1 --time_based --runtime=86400 >/dev/null 2>&1" >/dev/null
    sleep 5
    lvm lvcreate -q --yes -V 1G -T "$VG/pool" -n "$name" >/dev/null
    lab_virsh blockcopy "$name" "$dev" --blockdev "/dev/$VG/$name" --format raw --reuse-external --transient-job \
      --wait >/dev/null
    rc=0
    if [[ $mode == paused ]]; then
      lab_virsh suspend "$name" >/dev/null
      lab_virsh blockjob "$name" "$dev" --pivot || rc=$?
      lab_virsh resume "$name" >/dev/null || true
    else
      lab_virsh blockjob "$name" "$dev" --pivot || rc=$?
    fi
    sleep 2
    state=$(lab_virsh domstate "$name" | head -1)
    source=$(lab_virsh dumpxml "$name" | grep -o "<source [a-z]*='[^']*'" | head -1)
    aborted=$(grep -h 'Assertion' "/var/log/libvirt/qemu/$name.log" || true)
    echo "round $i, $mode pivot: exit $rc, guest $state, on $source${aborted:+; QEMU: $aborted}"
    rounds[$mode]=$((rounds[$mode] + 1))
    [[ -z $aborted ]] || aborts[$mode]=$((aborts[$mode] + 1))
    lab_virsh destroy "$name" >/dev/null 2>&1 || true
    lab_virsh undefine "$name" >/dev/null
    lvm lvremove -q --yes "$VG/$name" >/dev/null
    rm -f "/run/images/$name".*
  done
  echo "bus=$BUS plain_rounds=${rounds[plain]} plain_aborted=${aborts[plain]}" \
    "paused_rounds=${rounds[paused]} paused_aborted=${aborts[paused]}"
}

if [[ ${1:-} == --inside ]]; then
  inside
  exit
fi
ensure_packages "${TEST_PACKAGES[@]}" jq
"$project/scripts/guest/build.sh" >/dev/null
log "$ROUNDS pivots under guest writes on $BUS inside the lab (output is shown when the lab stops)"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# stdout after the lab's replay of stderr, so that the figures are the last line.
"$project/scripts/lab" run --disk pv0:14G --libvirtd --qemu-as-root --timeout 3600 --env "ROUNDS=$ROUNDS" \
  --env "BUS=$BUS" --env "MODES=$MODES" -- "$here/pivot-under-writes.sh" --inside >"$out"
cat "$out"

#!/usr/bin/env bash
# scripts/bench/guest-io.sh [--keep]: the test guest benchmarked before and after the recipe, in
# one lab run (scripts/lab run --libvirtd), with virt-tune bench and bench compare.
#   before: a qcow2 file (on ext4 on an LV, so the host side has real counters) on SATA, no
#           IOThread, libvirt's default cache;
#   after:  the same data in a raw linear LV on virtio-blk with an IOThread, cache=none io=native,
#           exactly as 'virt-tune plan' rewrites the domain.
# fio runs in the guest through the guest agent on the benched disk itself (--device, destructive:
# the guest's disk is a scratch disk). Writes build/bench/guest-io.*/ (state, plan, report.html)
# and prints the comparison; the last line is
#   rnd4k_q32_read_ratio=R rnd4k_q32_write_ratio=W seq1m_read_ratio=S seq1m_write_ratio=T
# (after/before IOPS). The "after" state is made by virt-tune plan and virt-tune apply.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project=$(cd "$here/../.." && pwd)
readonly here project
SIZE=${SIZE:-64M}
RUNTIME=${RUNTIME:-5}

bench() { # LABEL DEVICE
  "$project/scripts/virt-tune" bench vt-bench --label "$1" --quick --size "$SIZE" --runtime "$RUNTIME" \
    --device "$2" --destructive --state-dir "$work/state"
}

# The "after" state: the plan carried out by virt-tune apply.
APPLY() {
  "$project/scripts/virt-tune" apply "$1" --execute --state-dir "$work/apply-state"
}

inside() {
  work=$1
  virsh() { command virsh -q -c qemu:///system "$@"; }
  start_and_wait() {
    virsh start vt-bench >/dev/null
    for ((i = 0; i < 300; i++)); do
      virsh qemu-agent-command --timeout 5 vt-bench '{"execute":"guest-ping"}' >/dev/null 2>&1 && return 0
      sleep 1
    done
    cat /run/images/console.log >&2
    echo "guest-io: the guest agent never answered" >&2
    return 1
  }
  t0=$SECONDS
  step() { echo "guest-io: [$((SECONDS - t0)) s] $*" >&2; }

  pvcreate -q /dev/ubda >/dev/null
  vgcreate -q -s 4M vt /dev/ubda >/dev/null
  lvcreate -q -Zn -Wn -L 1G -n images vt >/dev/null
  mkfs.ext4 -q /dev/vt/images
  mkdir -p /run/images && mount /dev/vt/images /run/images
  # Fully allocated, so the guest's reads hit data on the host, not unallocated clusters.
  qemu-img create -q -f qcow2 -o preallocation=full /run/images/vt-bench.qcow2 384M
  sed -e "s|@NAME@|vt-bench|" -e "s|@KERNEL@|$project/build/guest/vmlinuz|" \
    -e "s|@INITRD@|$project/build/guest/initramfs.gz|" -e "s|@ACTION@|agent|" \
    -e "s|@DISK@|/run/images/vt-bench.qcow2|" -e "s|@CONSOLE@|/run/images/console.log|" \
    "$project/scripts/guest/domain.xml" > "$work/domain.xml"
  virsh define "$work/domain.xml" >/dev/null

  step "before: qcow2 on SATA"
  start_and_wait
  bench before /dev/sda
  virsh destroy vt-bench >/dev/null

  step "plan and apply the recipe"
  "$project/scripts/virt-tune" plan vt-bench --vg vt --no-hugepages --out "$work/plan.json" >&2
  APPLY "$work/plan.json"
  virsh dumpxml --inactive vt-bench > "$work/after.xml"

  step "after: raw LV on virtio-blk, IOThread, cache=none io=native"
  : > /run/images/console.log
  start_and_wait
  bench after /dev/vda
  virsh destroy vt-bench >/dev/null
  step "done"
}

if [[ ${1:-} == --inside ]]; then
  inside "$2"
  exit
fi
keep=0
[[ ${1:-} == --keep ]] && keep=1
source "$project/scripts/lib/common.sh"
ensure_packages jq
"$project/scripts/guest/build.sh" >/dev/null
ensure_jar
mkdir -p "$project/build/bench"
work=$(mktemp -d "$project/build/bench/guest-io.XXXXXX")
chmod 0755 "$work"
lab_opts=(--disk pv0:3G --libvirtd --qemu-as-root --timeout 2400 --env "SIZE=$SIZE" --env "RUNTIME=$RUNTIME")
((keep)) && lab_opts+=(--keep)
"$project/scripts/lab" run "${lab_opts[@]}" -- "$here/guest-io.sh" --inside "$work"

"$project/scripts/virt-tune" bench compare vt-bench before after --state-dir "$work/state" \
  --html "$work/report.html"
"$project/scripts/virt-tune" bench compare vt-bench before after --state-dir "$work/state" --json \
  > "$work/compare.json"
ratio() { # PROFILE DIRECTION
  jq -r --arg p "$1" --arg d "$2" \
    '.changes[] | select(.profile == $p and .direction == $d) | .iops.after / .iops.before * 100 | round / 100' \
    "$work/compare.json"
}
echo "rnd4k_q32_read_ratio=$(ratio rnd4k_q32t1_read read) rnd4k_q32_write_ratio=$(ratio rnd4k_q32t1_write write)" \
  "seq1m_read_ratio=$(ratio seq1m_q8t1_read read) seq1m_write_ratio=$(ratio seq1m_q8t1_write write)"

#!/usr/bin/env bash
# scripts/bench/guest-io.sh [--keep] [--suite bookworm|trixie]: the test guest benchmarked before
# and after the recipe, in one lab run (scripts/lab run --libvirtd, on Debian 12's stack or, with
# --suite trixie, Debian 13's), with virt-tune bench and bench compare, REPEAT times.
#   before: a qcow2 file (on ext4 on an LV, so the host side has real counters) on SATA, no
#           IOThread, libvirt's default cache;
#   after:  the same data in a raw linear LV on virtio-blk with an IOThread (on Debian 13's stack,
#           its queues spread over IOThreads), cache=none io=native, exactly as 'virt-tune plan'
#           rewrites the domain (made by virt-tune plan and apply).
# fio runs in the guest through the guest agent on the benched disk itself (--device, destructive:
# the guest's disk is a scratch disk), with --quick (one run per profile) and RUNTIME seconds per
# run. One ratio from one pair of runs swings with the machine's load, so REPEAT pairs are run
# alternately (before-1, after-1, before-2, ...) in one boot of the guest: after virt-tune apply,
# the qcow2 it left behind is attached again as the SATA disk beside the new LV, configured as
# before. The ratios are reported as their median and spread (lowest, highest).
# Writes build/bench/guest-io.*/ (state, plan, compare-N.json, report-N.html), prints the first
# comparison and every pair's ratios; the last line is key=value figures (after/before IOPS):
#   rnd4k_q32_read_ratio=MEDIAN rnd4k_q32_read_min=MIN rnd4k_q32_read_max=MAX ... runs=REPEAT
# for rnd4k_q32_read, rnd4k_q32_write, seq1m_read and seq1m_write.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project=$(cd "$here/../.." && pwd)
readonly here project
SIZE=${SIZE:-64M}
RUNTIME=${RUNTIME:-3}
REPEAT=${REPEAT:-3}

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
  "$project/scripts/guest/domain-xml" vt-bench /run/images/vt-bench.qcow2 /run/images/console.log agent \
    > "$work/domain.xml"
  virsh define "$work/domain.xml" >/dev/null
  step "plan and apply the recipe"
  "$project/scripts/virt-tune" plan vt-bench --vg vt --no-hugepages --out "$work/plan.json" >&2
  APPLY "$work/plan.json"
  virsh dumpxml --inactive vt-bench > "$work/after.xml"
  # The qcow2 apply left behind goes back in as the before disk, configured as it was, beside the
  # new one: one boot serves every pair, and each pair is measured minutes, not boots, apart.
  virsh attach-disk vt-bench /run/images/vt-bench.qcow2 sda --targetbus sata --subdriver qcow2 --config >/dev/null
  virsh dumpxml --inactive vt-bench > "$work/both.xml"
  # With libvirt's default cache the before disk is served from the host's page cache once its
  # data is there: read it in first, so that pair 1 does not measure a cold cache and the later
  # pairs a warm one (2026-12-01: 543, 1,034, 1,756 IOPS of 4k reads in pairs 1, 2, 3 without).
  cat /run/images/vt-bench.qcow2 > /dev/null

  step "boot with both disks"
  start_and_wait
  for ((i = 1; i <= REPEAT; i++)); do
    step "before-$i: qcow2 on SATA, libvirt's default cache"
    bench "before-$i" /dev/sda
    step "after-$i: raw LV on virtio-blk, IOThread, cache=none io=native"
    bench "after-$i" /dev/vda
  done
  virsh destroy vt-bench >/dev/null
  step "done"
}

if [[ ${1:-} == --inside ]]; then
  inside "$2"
  exit
fi
keep=0 suite=
while (($#)); do
  case $1 in
    --keep) keep=1; shift ;;
    --suite) (($# >= 2)) || { echo "guest-io.sh: --suite needs bookworm or trixie" >&2; exit 2; }; suite=$2; shift 2 ;;
    *) echo "usage: scripts/bench/guest-io.sh [--keep] [--suite bookworm|trixie]" >&2; exit 2 ;;
  esac
done
source "$project/scripts/lib/common.sh"
ensure_packages jq
"$project/scripts/guest/build.sh" >/dev/null
ensure_jar
mkdir -p "$project/build/bench"
work=$(mktemp -d "$project/build/bench/guest-io.XXXXXX")
chmod 0755 "$work"
lab_opts=(--disk pv0:3G --libvirtd --qemu-as-root --timeout 2400 --env "SIZE=$SIZE" --env "RUNTIME=$RUNTIME"
  --env "REPEAT=$REPEAT")
((keep)) && lab_opts+=(--keep)
[[ -n $suite ]] && lab_opts=(--suite "$suite" "${lab_opts[@]}")
"$project/scripts/lab" run "${lab_opts[@]}" -- "$here/guest-io.sh" --inside "$work"

for ((i = 1; i <= REPEAT; i++)); do
  "$project/scripts/virt-tune" bench compare vt-bench "before-$i" "after-$i" --state-dir "$work/state" \
    --html "$work/report-$i.html" > "$work/compare-$i.txt"
  "$project/scripts/virt-tune" bench compare vt-bench "before-$i" "after-$i" --state-dir "$work/state" --json \
    > "$work/compare-$i.json"
done
cat "$work/compare-1.txt"
ratio() { # PAIR PROFILE DIRECTION: that pair's after/before IOPS
  jq -r --arg p "$2" --arg d "$3" \
    '.changes[] | select(.profile == $p and .direction == $d) | .iops.after / .iops.before * 100 | round / 100' \
    "$work/compare-$1.json"
}
summary() { # KEY PROFILE DIRECTION: KEY_ratio=MEDIAN KEY_min=MIN KEY_max=MAX over the pairs
  for ((i = 1; i <= REPEAT; i++)); do ratio "$i" "$2" "$3"; done | sort -g | awk -v key="$1" '{ r[NR] = $1 }
    END { m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
          printf "%s_ratio=%.2f %s_min=%s %s_max=%s", key, m, key, r[1], key, r[NR] }'
}
echo "after/before IOPS per pair: rnd4k_q32 read, write; seq1m_q8 read, write"
for ((i = 1; i <= REPEAT; i++)); do
  echo "  pair $i: $(ratio "$i" rnd4k_q32t1_read read) $(ratio "$i" rnd4k_q32t1_write write)" \
    "$(ratio "$i" seq1m_q8t1_read read) $(ratio "$i" seq1m_q8t1_write write)"
done
echo "$(summary rnd4k_q32_read rnd4k_q32t1_read read) $(summary rnd4k_q32_write rnd4k_q32t1_write write)" \
  "$(summary seq1m_read seq1m_q8t1_read read) $(summary seq1m_write seq1m_q8t1_write write) runs=$REPEAT"

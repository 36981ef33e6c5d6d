#!/usr/bin/env bash
# Benchmark: `virt-tune inspect` of a fleet of three real hosts, all at once (--parallel 3) and
# one after another (--parallel 1), in one run, interleaved, REPEATS times each (default 3);
# prints the medians. Last line: hosts=3 parallel_s=... serial_s=... ratio=...
#
# The hosts are the lab's fleet (scripts/lab fleet): three User-Mode Linux hosts, each with its
# own libvirtd, LVM and sshd, on a TAP network in a namespace of their own. Each gets DOMAINS
# guests (default 20) on qcow2 images. Every inspect is a whole process (JVM start, one SSH
# connection per host shared by its commands, libvirt over qemu+ssh://).
set -euo pipefail
# shellcheck source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
root=$(project_root)
repeats=${REPEATS:-3}
domains=${DOMAINS:-20}

if [[ -z ${VTLAB_FLEET:-} ]]; then
  ensure_jar
  [[ -f $root/build/guest/initramfs.gz ]] || "$root/scripts/guest/build.sh"
  exec "$root/scripts/lab" fleet --hosts 3 --timeout 1800 -- env REPEATS="$repeats" DOMAINS="$domains" "$0"
fi

work=$(mktemp -d /tmp/vt-bench-fleet.XXXXXX)
chmod 0755 "$work"
trap 'rm -rf "$work"' EXIT
read -r -a hosts <<<"$VTLAB_FLEET_HOSTS"

log "each host: a VG and $domains guests on qcow2 images"
for host in "${hosts[@]}"; do
  mkdir "$work/$host"
  for ((i = 1; i <= domains; i++)); do
    qemu-img create -q -f qcow2 "$work/$host/vm$i.qcow2" 1G
    "$root/scripts/guest/domain-xml" "vm$i" "$work/$host/vm$i.qcow2" "$work/$host/vm$i.log" checksum \
      >"$work/$host/vm$i.xml"
  done
  # shellcheck disable=SC2029 # $work is the same path on the hosts (their root is this filesystem)
  ssh "$host" "lvm pvcreate -q /dev/ubda && lvm vgcreate -q bench /dev/ubda && for f in $work/$host/*.xml; do virsh -q define \$f >/dev/null; done"
done

now() { date +%s.%N; }
run() { # N: one inspect of every host, N at a time; prints its seconds
  local start
  start=$(now)
  "$root/scripts/virt-tune" inspect --all --json --parallel "$1" --host hv1 --host hv2 --host hv3 >"$work/report-$1.json"
  awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.2f\n", b - a }'
  ok=$(grep -c '"status" : "ok"' "$work/report-$1.json") || true
  ((ok == 3)) || die "expected 3 hosts inspected, got $ok: $(cat "$work/report-$1.json")"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

parallel=() serial=()
for ((r = 1; r <= repeats; r++)); do
  parallel+=("$(run 3)")
  serial+=("$(run 1)")
  log "round $r: ${parallel[-1]} s in parallel, ${serial[-1]} s one after another"
done
parallel_s=$(printf '%s\n' "${parallel[@]}" | median)
serial_s=$(printf '%s\n' "${serial[@]}" | median)
ratio=$(awk -v p="$parallel_s" -v s="$serial_s" 'BEGIN { printf "%.2f", s / p }')
printf 'fleet inspect of 3 real hosts, %d domains each, median of %d: %s s in parallel, %s s one after another\n' \
  "$domains" "$repeats" "$parallel_s" "$serial_s"
echo "hosts=3 domains_per_host=$domains parallel_s=$parallel_s serial_s=$serial_s ratio=$ratio"

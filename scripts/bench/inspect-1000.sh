#!/usr/bin/env bash
# Benchmark: `virt-tune inspect --all --json` on a generated 1000-domain test-driver node, as a
# whole process (JVM start included), beside `virsh dumpxml` of every domain (the floor of
# merely reading the definitions through libvirt), RUNS times each (default 5), interleaved, after
# one untimed run that writes the launcher's class-data archive (the first run after a build does).
# Last line: key=value figures, the medians.
set -euo pipefail
# shellcheck source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
root=$(project_root)
ensure_packages "${BUILD_PACKAGES[@]}" libvirt-clients
ensure_jar

count=${DOMAINS:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/bench/gen-node.sh" "$count" "$work/node.xml"
uri="test://$work/node.xml"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

inspect() {
  "$root/scripts/virt-tune" inspect --all --json --connect "$uri" --host-facts "$root/examples/hv01" >"$work/report.json"
}
dumpxml() {
  for ((i = 0; i < count; i++)); do printf 'dumpxml guest%04d\n' "$i"; done | virsh -q -c "$uri" >/dev/null
}

log "one untimed run of virt-tune inspect (it writes the class-data archive after a build)"
inspect
runs=${RUNS:-5}
log "virt-tune inspect --all --json on $count domains, and virsh dumpxml of every domain (one virsh"
log "process, its shell reading commands from stdin), $runs times each, interleaved"
inspect_times=() virsh_times=()
for ((run = 0; run < runs; run++)); do
  start=$(now)
  inspect
  inspect_times+=("$(elapsed "$start" "$(now)")")
  start=$(now)
  dumpxml
  virsh_times+=("$(elapsed "$start" "$(now)")")
done
domains=$(grep -c '"uuid"' "$work/report.json")
inspect_s=$(printf '%s\n' "${inspect_times[@]}" | median)
virsh_s=$(printf '%s\n' "${virsh_times[@]}" | median)

printf 'inspect: %s s (runs: %s) for %s domains; virsh dumpxml of the same: %s s (runs: %s)\n' \
  "$inspect_s" "${inspect_times[*]}" "$domains" "$virsh_s" "${virsh_times[*]}"
echo "domains=$domains seconds=$inspect_s virsh_dumpxml_seconds=$virsh_s"

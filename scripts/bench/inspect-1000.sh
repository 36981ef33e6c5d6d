#!/usr/bin/env bash
# Benchmark: `virt-tune inspect --all --json` on a generated 1000-domain test-driver node, as a
# whole process (JVM start included), beside `virsh dumpxml` of every domain (the floor of
# merely reading the definitions through libvirt). Last line: key=value figures.
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

log "virt-tune inspect --all --json on $count domains"
start=$(now)
"$root/scripts/virt-tune" inspect --all --json --connect "$uri" --host-facts "$root/examples/hv01" >"$work/report.json"
inspect_s=$(elapsed "$start" "$(now)")
domains=$(grep -c '"uuid"' "$work/report.json")

log "virsh dumpxml of every domain (one virsh process, its shell reading commands from stdin)"
start=$(now)
for ((i = 0; i < count; i++)); do printf 'dumpxml guest%04d\n' "$i"; done | virsh -q -c "$uri" >/dev/null
virsh_s=$(elapsed "$start" "$(now)")

printf 'inspect: %s s for %s domains; virsh dumpxml of the same: %s s\n' "$inspect_s" "$domains" "$virsh_s"
echo "domains=$domains seconds=$inspect_s virsh_dumpxml_seconds=$virsh_s"

#!/usr/bin/env bash
# Benchmark: `virt-tune plan --all` for a generated 1000-domain test-driver node, as a whole
# process (JVM start, one LVM report, every domain planned with its XML diff), beside
# `virt-xml --edit --disk cache=none,bus=virtio --print-diff` on a sample of the same domains
# (one edit, one domain per call); then the plan with a schedule (`--copy-rate 200M --window 4h`)
# beside the plain one, alternated, REPEATS times each (default 5), their medians and ratio.
# Last line: key=value figures, with the machine's 1-minute load before and after the timed plans
# (a shared machine's load makes a ratio of a few percent meaningless: read it beside them).
set -euo pipefail
# shellcheck source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
root=$(project_root)
ensure_packages "${BUILD_PACKAGES[@]}" libvirt-clients virtinst
ensure_jar

count=${DOMAINS:-1000}
sample=${SAMPLE:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/bench/gen-node.sh" "$count" "$work/node.xml"
uri="test://$work/node.xml"

# Host facts: the example host's /proc and /sys, and an LVM report with one roomy VG (written
# here for the benchmark, in the JSON shape lvm prints).
mkdir -p "$work/facts/lvm"
cp -r "$root/examples/hv01/host" "$work/facts/host"
vg='{"vg_name":"vg_bench", "vg_extent_size":"268435456", "vg_size":"109951162777600", "vg_free":"109951162777600", "pv_count":"1", "lv_count":"0"}'
printf '{"report":[{"vg":[%s]}]}\n' "$vg" >"$work/facts/lvm/vgs.json"
printf '{"report":[{"lv":[]}]}\n' >"$work/facts/lvm/lvs.json"
printf '{"report":[{"pv":[]}]}\n' >"$work/facts/lvm/pvs.json"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

log "virt-tune plan --all --vg vg_bench on $count domains"
start=$(now)
"$root/scripts/virt-tune" plan --all --vg vg_bench --connect "$uri" --host-facts "$work/facts" \
  --json >"$work/plan.json"
plan_s=$(elapsed "$start" "$(now)")
planned=$(grep -c '"outcome" : "MIGRATE"\|"outcome" : "RETUNE"' "$work/plan.json" || true)

log "virt-xml --edit --disk cache=none,bus=virtio --print-diff on $sample of the same domains"
start=$(now)
for ((i = 0; i < sample; i++)); do
  name=$(printf 'guest%04d' $((i * count / sample)))
  printf '\r  %d/%d %s' "$((i + 1))" "$sample" "$name" >&2
  virt-xml --connect "$uri" "$name" --edit --disk cache=none,bus=virtio --print-diff >/dev/null
done
echo >&2
virt_xml_s=$(elapsed "$start" "$(now)")
per_domain=$(awk -v t="$virt_xml_s" -v n="$sample" 'BEGIN { printf "%.3f", t / n }')

repeats=${REPEATS:-5}
load_before=$(cut -d' ' -f1 /proc/loadavg)
log "plan, plain and with --copy-rate 200M --window 4h, alternated, $repeats times each"
plain=() scheduled=()
for ((i = 0; i < repeats; i++)); do
  start=$(now)
  "$root/scripts/virt-tune" plan --all --vg vg_bench --connect "$uri" --host-facts "$work/facts" --json \
    >"$work/plain.json"
  plain+=("$(elapsed "$start" "$(now)")")
  start=$(now)
  "$root/scripts/virt-tune" plan --all --vg vg_bench --connect "$uri" --host-facts "$work/facts" \
    --copy-rate 200M --window 4h --json >"$work/scheduled.json"
  scheduled+=("$(elapsed "$start" "$(now)")")
done
load_after=$(cut -d' ' -f1 /proc/loadavg)
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
plain_median=$(median "${plain[@]}")
scheduled_median=$(median "${scheduled[@]}")
windows=$(grep -c '"number" :' "$work/scheduled.json" || true)
ratio=$(awk -v a="$scheduled_median" -v b="$plain_median" 'BEGIN { printf "%.3f", a / b }')

printf 'plan: %s s for %s domains (%s planned); virt-xml: %s s per domain for one edit\n' \
  "$plan_s" "$count" "$planned" "$per_domain"
printf 'plan with a schedule: median %s s against %s s plain (x%s), %s windows of 4h\n' \
  "$scheduled_median" "$plain_median" "$ratio" "$windows"
echo "domains=$count seconds=$plan_s virt_xml_seconds_per_domain=$per_domain plain_median_s=$plain_median" \
  "scheduled_median_s=$scheduled_median schedule_ratio=$ratio windows=$windows repeats=$repeats" \
  "load_before=$load_before load_after=$load_after"

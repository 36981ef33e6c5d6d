#!/usr/bin/env bash
# Benchmark: `virt-tune inspect` of a fleet of three hosts, all at once (--parallel 3) and one
# after another (--parallel 1), in one run. Last line: hosts=3 parallel_s=... serial_s=...
#
# No real SSH hosts here: the three "hosts" are this machine reached through a fake `ssh` put
# first on PATH (src/test/resources/fleet/recorded-host-ssh). It takes ssh's options and
# destination as real ssh would, and runs the remote command line against the bundled example's
# recorded host (examples/hv01): `cat`, `ls` and `test` read its host/ directory as /, and
# `lvm vgs|lvs|pvs` print its recorded reports.
# libvirt is the example's test-driver node (virt_tune_uri). So this measures virt-tune's side of
# a fleet run (JVM, one process per remote command, the reports), not network or sshd costs;
# the lab of three UML hosts over TAP networking (docs/fleet.md) is where those will be measured.
set -euo pipefail
# shellcheck source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
root=$(project_root)
ensure_jar

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
# The tests' own stand-in, so the bench and FleetOverSshTest run the same fake.
ln -s "$root/src/test/resources/fleet/recorded-host-ssh" "$work/bin/ssh"

uri="test://$root/examples/hv01/node.xml"
for host in hv-a hv-b hv-c; do
  echo "$host virt_tune_uri=$uri"
done >"$work/hosts"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

run() {
  PATH="$work/bin:$PATH" FLEET_UNREACHABLE='' FLEET_RECORDED_HOST="$root/examples/hv01" \
    "$root/scripts/virt-tune" inspect --hosts "$work/hosts" --parallel "$1" --json >"$work/report-$1.json"
}

log "virt-tune inspect of 3 hosts, 3 at a time"
start=$(now)
run 3
parallel_s=$(elapsed "$start" "$(now)")

log "virt-tune inspect of 3 hosts, one after another"
start=$(now)
run 1
serial_s=$(elapsed "$start" "$(now)")

ok=$(grep -c '"status" : "ok"' "$work/report-3.json")
if [[ $ok -ne 3 ]]; then
  die "expected 3 hosts inspected, got $ok: $(command cat "$work/report-3.json")"
fi
printf 'fleet inspect of 3 hosts: %s s in parallel, %s s one after another\n' "$parallel_s" "$serial_s"
echo "hosts=3 parallel_s=$parallel_s serial_s=$serial_s"

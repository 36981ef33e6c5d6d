#!/usr/bin/env bash
# The main job on the bundled example host: installs what it needs, builds, inspects the example
# hypervisor (a libvirt test-driver node with 15 domains and LVM reports recorded from real lvm),
# plans moving its disks into the thin pool vg_fast/tpool with each domain's XML diff, and writes
# the host configuration snippets an operator reviews; then runs the whole pipeline (inspect, plan,
# apply, boot, checksums) on a real guest in the lab.
# Nothing on this machine is changed; the results go to $VIRT_TUNE_DEMO_OUT (default /tmp/virt-tune-demo).
set -euo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
root=$(project_root)
out=${VIRT_TUNE_DEMO_OUT:-/tmp/virt-tune-demo}

ensure_packages "${BUILD_PACKAGES[@]}"
ensure_jar

example="$root/examples/hv01"
connect=(--connect "test://$example/node.xml" --host-facts "$example")
mkdir -p "$out"

log "1/4 virt-tune inspect: what is slow on the example host, and why"
status=0
"$root/scripts/virt-tune" inspect "${connect[@]}" | tee "$out/inspect.txt" || status=$?
"$root/scripts/virt-tune" inspect "${connect[@]}" --json >"$out/inspect.json" || true

echo
log "2/4 virt-tune plan: every domain into thin LVs in vg_fast/tpool, with XML diffs"
"$root/scripts/virt-tune" plan "${connect[@]}" --all --thin-pool vg_fast/tpool --diff \
  --out "$out/plan.json" --xml-out "$out/xml" | tee "$out/plan.txt" || status=$?

echo
log "3/4 virt-tune snippets: host configuration for review (LVM, GRUB hugepages, sysctl, udev) and a playbook"
rm -rf "$out/snippets"
"$root/scripts/virt-tune" snippets "${connect[@]}" --plan "$out/plan.json" --format ansible --out "$out/snippets" || status=$?
find "$out/snippets" -mindepth 1 -maxdepth 1 -printf "  %f\n" | sort

echo
if [[ ${VIRT_TUNE_DEMO_LAB:-1} == 1 ]]; then
  log "4/4 the whole pipeline on a real guest in the lab (a device-mapper kernel with libvirtd; a few minutes)"
  ensure_packages "${LAB_PACKAGES[@]}"
  "$root/scripts/demo-lab.sh" "$out/lab" || status=$?
fi

echo
echo "Results in $out: inspect.txt, inspect.json, plan.txt, plan.json (for apply), xml/ (rewritten"
if [[ ${VIRT_TUNE_DEMO_LAB:-1} == 1 ]]; then
  echo "definitions), snippets/ (start with snippets/README.md), lab/ (the real guest's plan, journal,"
  echo "checksums before and after). VIRT_TUNE_DEMO_LAB=0 skips the lab part."
else
  echo "definitions), snippets/ (start with snippets/README.md). The lab part was skipped"
  echo "(VIRT_TUNE_DEMO_LAB=0)."
fi
exit "$status"

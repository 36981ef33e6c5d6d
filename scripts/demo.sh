#!/usr/bin/env bash
# The main job on the bundled example host: installs what it needs, builds, and inspects the
# example hypervisor (a libvirt test-driver node with 15 domains and recorded LVM reports).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
root=$(project_root)

ensure_packages "${BUILD_PACKAGES[@]}"
ensure_jar

example="$root/examples/hv01"
log "virt-tune inspect on the example host $example"
status=0
"$root/scripts/virt-tune" inspect --connect "test://$example/node.xml" --host-facts "$example" || status=$?
echo
echo "The same as JSON: scripts/virt-tune inspect --json --connect test://$example/node.xml --host-facts $example"
exit "$status"

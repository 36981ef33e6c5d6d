#!/usr/bin/env bash
# Installs everything the tests need, starts libvirtd, and runs every test: unit tests, tests
# against the real libvirtd, qemu-img and lvm, and the lab's tests on a real device-mapper kernel.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
root=$(project_root)
cd "$root"

ensure_packages "${TEST_PACKAGES[@]}"
"$root/scripts/libvirtd.sh"
log "running unit and integration tests"
mvn -B verify

#!/usr/bin/env bash
# Installs what building needs and builds target/virt-tune.jar (skipped when it is up to date).
set -euo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
ensure_packages "${BUILD_PACKAGES[@]}"
ensure_jar

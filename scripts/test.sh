#!/usr/bin/env bash
# Installs everything the tests need, starts libvirtd, and runs every test: unit tests, tests
# against the real libvirtd, qemu-img and lvm, and the lab's tests on a real device-mapper kernel.
set -euo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
root=$(project_root)
cd "$root"

ensure_packages "${TEST_PACKAGES[@]}"
# Which kernel the lab boots here, and why, first: it depends on the CPU (docs/lab.md).
"$root/scripts/lab" kernel
log "shellcheck of the scripts"
mapfile -t scripts < <(grep -rlE '^#!/usr/bin/env bash|^#!/bin/bash|^# shellcheck shell=bash' scripts .ci)
shellcheck -x "${scripts[@]}"
log "the Debian package: build, lintian, install, check, remove"
"$root/scripts/check-package.sh"
corpus=$(ensure_libvirt_corpus)
"$root/scripts/libvirtd.sh"
log "running unit and integration tests"
mvn -B verify -Dvirttune.corpus.libvirt="$corpus"

# The lab: a real device-mapper kernel (User-Mode Linux) for what the host's kernel cannot do.
log "lab selftest"
"$root/scripts/lab" selftest
log "lab tests (*LabIT) inside the lab"
rm -f target/failsafe-reports/TEST-*LabIT.xml target/fault-matrix.log
lab_rc=0
"$root/scripts/guest/build.sh"
"$root/scripts/lab" run --disk pv0:8G --disk pv1:8G --disk pv2:8G --disk pv3:12G --disk pv4:2G --disk pv5:2G --libvirtd --timeout 1500 -- \
  mvn -o -B -q failsafe:integration-test failsafe:verify -Dit.test='*LabIT' || lab_rc=$?
reports=(target/failsafe-reports/TEST-*LabIT.xml)
[[ -e ${reports[0]} ]] || { echo "error: the lab tests left no reports (exit $lab_rc)" >&2; exit 1; }
grep -ho '<testsuite [^>]*' "${reports[@]}" | sed -E 's/.* name="([^"]*)" time="([^"]*)" tests="([^"]*)" errors="([^"]*)" skipped="([^"]*)" failures="([^"]*)".*/  \1: \3 tests, \6 failures, \4 errors, \5 skipped (\2 s)/'
# FaultMatrixLabIT's count of cases, and each failing one with its boundary and fault (docs/apply.md).
if [[ -f target/fault-matrix.log ]]; then
  grep -E '^(fault matrix|  FAILED|  KNOWN DEFECT)' target/fault-matrix.log || true
fi
if ((lab_rc != 0)); then
  echo "error: lab tests failed (exit $lab_rc)" >&2
  exit "$lab_rc"
fi

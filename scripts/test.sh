#!/usr/bin/env bash
# Installs everything the tests need, starts libvirtd, and runs every test: unit tests, tests
# against the real libvirtd, qemu-img and lvm, and the lab's tests on a real device-mapper kernel.
set -euo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
root=$(project_root)
cd "$root"

ensure_packages "${TEST_PACKAGES[@]}"
# Each phase's start and each lab's length in seconds, in the log: where the time goes (docs/lab.md,
# timings), on this machine and on CI's.
phase() {
  log "[$SECONDS s] $*"
}
timed() { # NAME COMMAND...: runs COMMAND, then logs how long NAME took
  local name=$1 start=$SECONDS rc=0
  shift
  "$@" || rc=$?
  log "[$SECONDS s] $name: $((SECONDS - start)) s$( ((rc == 0)) || echo ", exit $rc")"
  return "$rc"
}
logged() { # FILE COMMAND...: runs COMMAND with its output in FILE
  local file=$1
  shift
  "$@" >"$file" 2>&1
}
# A Ctrl-C or a SIGTERM stops what runs in the background too, which a script's background jobs
# would outlive (they ignore SIGINT): each lab through its own trap, which stops its kernels and
# frees its devices, waited for before this script ends.
background=()
tree() { # PID: PID and every process under it, parents first
  local child
  echo "$1"
  for child in $(pgrep -P "$1"); do tree "$child"; done
}
stop_background() { # EXIT_CODE
  trap - INT TERM
  local pids=() pid
  for pid in "${background[@]}"; do mapfile -t -O "${#pids[@]}" pids < <(tree "$pid"); done
  ((${#pids[@]} == 0)) || kill -TERM "${pids[@]}" 2>/dev/null || true
  wait || true
  # `wait` reaps this script's children only; a lab is a chain's child, ended with its chain's
  # subshell, and still stopping its kernels: wait for every process signalled (bounded, in case
  # one hangs in its trap).
  local waited=0
  for pid in "${pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null && ((waited < 300)); do
      sleep 1
      waited=$((waited + 1))
    done
  done
  ((waited < 300)) || echo "error: processes of the test run still stopping after 300 s: ${pids[*]}" >&2
  exit "$1"
}
trap 'stop_background 130' INT
trap 'stop_background 143' TERM
# Which kernel the lab boots here, and why, first: it depends on the CPU (docs/lab.md).
"$root/scripts/lab" kernel
phase "shellcheck of the scripts"
# The Debian package's launcher and maintainer script are sh, as /usr/bin/virt-tune and postrm run.
mapfile -t scripts < <(grep -rlE '^#!/usr/bin/env bash|^#!/bin/bash|^# shellcheck shell=bash' scripts .ci
  grep -rlE '^#!/bin/sh' src/deb)
shellcheck -x "${scripts[@]}"
phase "the Debian package: build, lintian, install, check, remove"
"$root/scripts/check-package.sh"
corpus=$(ensure_libvirt_corpus)
"$root/scripts/libvirtd.sh"
rm -rf target/failsafe-reports/lab-* target/fault-matrix.log target/lab-*.log
# The Ansible collection's checks, and the lab's guest, selftest and the roots of its other suites,
# run beside the unit and integration tests, which keep one CPU of two busy (surefire and failsafe
# run one test at a time); a failure of either shows once both have ended. The lab is a real
# device-mapper kernel (User-Mode Linux) for what the host's kernel cannot do.
phase "the Ansible collection's checks, the lab's guest, selftest and roots (target/beside-tests.log), beside the unit and integration tests"
(
  log "the Ansible collection: ansible-test sanity, module and playbook tests, its tarball"
  timed "the Ansible collection" "$root/scripts/check-collection.sh" >/dev/null
  "$root/scripts/guest/build.sh"
  timed "lab selftest" "$root/scripts/lab" selftest
  # Debian 13's root for its lab, built once (about a minute) before any lab starts: apt's and
  # mmdebstrap's work then does not run beside the labs, and a failure shows first.
  "$root/scripts/lab.d/root" trixie >/dev/null
  # Debian testing's root (libvirt 12.8, QEMU 11.1): the one stack whose mirror can skip the zeros of a
  # fresh thin LV (docs/lab.md, "A third: Debian testing (forky)").
  "$root/scripts/lab.d/root" forky >/dev/null
) >target/beside-tests.log 2>&1 &
beside=$!
background+=("$beside")
phase "running unit and integration tests"
verify_rc=0
timed "unit and integration tests" mvn -B verify -Dvirttune.corpus.libvirt="$corpus" || verify_rc=$?
beside_rc=0
timed "what ran beside them, after their end" wait "$beside" || beside_rc=$?
background=() # waited for: its pid may be another process's by now
cat target/beside-tests.log >&2
((beside_rc == 0)) || die "the collection's checks or the lab's guest, selftest or roots failed (exit $beside_rc, above)"
((verify_rc == 0)) || die "the unit or integration tests failed (exit $verify_rc, above)"
# libvirt 11's own test domain XML, for the plan corpus check against Debian 13's QEMU driver.
trixie_corpus=$(ensure_libvirt_corpus trixie)
# Each lab has all the lab's disks (Lab.RUN), its own libvirtd, failsafe summary and log.
lab_disks=(pv0:8G pv1:8G pv2:8G pv3:12G pv4:2G pv5:2G pv6:2G pv7:1G pv8:2G)
# The limit leaves room for slow machines: on some, a TCG guest takes 140 s to boot in the lab, on
# others 30 s (docs/lab.md, timings).
lab_tests() { # NAME SUITE TESTS: the lab test classes TESTS in one lab of SUITE, logged to target/lab-NAME.log
  local name=$1 suite=$2 tests=$3 disks=() suite_corpus=$corpus
  [[ $suite == trixie ]] && suite_corpus=$trixie_corpus
  for disk in "${lab_disks[@]}"; do disks+=(--disk "$disk"); done
  timed "lab $name" logged "target/lab-$name.log" "$root/scripts/lab" run --suite "$suite" "${disks[@]}" --libvirtd --timeout 3000 -- \
    mvn -o -B -q failsafe:integration-test failsafe:verify -Dit.test="$tests" -Dvirttune.corpus.libvirt="$suite_corpus" \
      -Dlab.summary="target/failsafe-reports/failsafe-summary-$name.xml" -Dlab.reports="target/failsafe-reports/lab-$name"
}
# Debian 13's lab (libvirt 11, QEMU 10, Java 21) runs the classes whose outcome the suite's
# libvirt, QEMU or LVM decide (docs/lab.md, "Two suites"), and what only libvirt 10+ has
# (IothreadQueuesLabIT); and the plan corpus check with libvirt 11's own test XML against its QEMU
# driver (PlanQemuDriverIT, which mvn verify ran against this machine's libvirt 9.0 above).
trixie_tests=LvmCliLabIT,ConversionLabIT,BlockCopyLabIT,IothreadQueuesLabIT,PlanQemuDriverIT
trixie_tests+=',ApplyLabIT#aMigratedGuest*+unsafeSituations*+twoProcesses*'
trixie_tests+=',LiveApplyLabIT#aRunningGuest*+aThinLvStays*'
# A live move into a thin LV of a zeroing pool, with target-is-zero: on Debian testing only, the
# one stack that has it. On Debian 12 and 13 the flag's refusal is ZeroedTargetTest's, and the
# mirror writing the zeros aThinLvStays*'s.
zeroed_test='LiveApplyLabIT#aThinLvInAZeroingPool*'
fleet_tests() { # NAME CLASS: the lab test class CLASS on this machine among three fresh networked lab hosts, logged to target/lab-NAME.log
  local name=$1 class=$2
  timed "lab $name" logged "target/lab-$name.log" "$root/scripts/lab" fleet --hosts 3 --timeout 1200 -- \
    mvn -o -B -q failsafe:integration-test failsafe:verify -Dit.test="$class" \
      -Dlab.summary="target/failsafe-reports/failsafe-summary-$name.xml" -Dlab.reports="target/failsafe-reports/lab-$name"
}
# Three chains side by side, of about the same length (docs/lab.md, timings): a lab keeps about
# half a CPU busy (its guests' TCG, its kernel's system calls) and waits the rest of its time on
# timers, polls and its guests, so two labs on two CPUs left 40-50% of them idle. Each chain runs
# its labs one after the other and fails if one did. Each fleet has its own network namespace, so
# the two fleets may overlap.
fault_labs_then_fleet() { # Debian 12's fault matrix and live faults, then the fleet (FleetLabIT)
  local rc=0
  lab_tests apply bookworm 'FaultMatrixLabIT,LiveFaultsLabIT' || rc=$?
  fleet_tests fleet FleetLabIT || rc=$?
  return "$rc"
}
other_classes() { # every other Debian 12 class
  lab_tests others bookworm '*LabIT,!FaultMatrixLabIT,!LiveFaultsLabIT,!FleetLabIT,!PlaybookLabIT,!IothreadQueuesLabIT,!'"$zeroed_test"
}
trixie_playbook_then_forky() { # Debian 13's lab, the collection's playbook over SSH on fresh hosts (PlaybookLabIT), then Debian testing's lab
  local rc=0
  lab_tests trixie trixie "$trixie_tests" || rc=$?
  fleet_tests playbook PlaybookLabIT || rc=$?
  lab_tests forky forky "$zeroed_test" || rc=$?
  return "$rc"
}
phase "lab tests in three chains: Debian 12's fault labs then the fleet; its other classes; Debian 13's, the playbook, then Debian testing's"
chains=()
for each in fault_labs_then_fleet other_classes trixie_playbook_then_forky; do
  "$each" &
  chains+=("$!")
  background+=("$!")
done
lab_rc=0
for pid in "${chains[@]}"; do wait "$pid" || lab_rc=$?; done
for name in apply others trixie forky fleet playbook; do
  echo "---- lab: $name (target/lab-$name.log) ----"
  cat "target/lab-$name.log"
done
reports=(target/failsafe-reports/lab-*/TEST-*IT.xml)
[[ -e ${reports[0]} ]] || { echo "error: the lab tests left no reports (exit $lab_rc)" >&2; exit 1; }
for report in "${reports[@]}"; do
  lab=${report#target/failsafe-reports/lab-}
  grep -ho '<testsuite [^>]*' "$report" | sed -E "s/.* name=\"([^\"]*)\" time=\"([^\"]*)\" tests=\"([^\"]*)\" errors=\"([^\"]*)\" skipped=\"([^\"]*)\" failures=\"([^\"]*)\".*/  ${lab%%/*}: \\1: \\3 tests, \\6 failures, \\4 errors, \\5 skipped (\\2 s)/"
done
# FaultMatrixLabIT's count of cases, and each failing one with its boundary and fault (docs/apply.md).
if [[ -f target/fault-matrix.log ]]; then
  grep -E '^(fault matrix|  FAILED)' target/fault-matrix.log || true
fi
phase "the end"
if ((lab_rc != 0)); then
  echo "error: lab tests failed (exit $lab_rc)" >&2
  exit "$lab_rc"
fi

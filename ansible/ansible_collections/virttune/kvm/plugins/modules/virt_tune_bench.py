#!/usr/bin/python
# -*- coding: utf-8 -*-

DOCUMENTATION = r'''
module: virt_tune_bench
short_description: Benchmark running guests' disks with virt-tune bench, under a label
description:
  - Runs C(virt-tune bench --label LABEL --json) on the host; fio runs inside each running guest through its
    QEMU guest agent, one guest after another, and each run is stored on the host under C(label).
  - With C(compare_with), then compares each guest benched with its run stored under that label
    (C(virt-tune bench compare DOMAIN BEFORE AFTER --json)), and with C(report_dir) writes each comparison there
    as C(DOMAIN.json) and C(DOMAIN.html), for M(ansible.builtin.fetch) to bring back.
  - C(changed) when a run was stored. A guest refused (a scratch device not proven unused) or failed (not running,
    no agent, no fio) fails the task with every reason virt-tune gave.
  - bench has no dry run, so in check mode nothing runs and the task is skipped.
version_added: 0.1.0
author:
  - virt-tune authors (!UNKNOWN)
options:
  label:
    description:
      - The run's name (letters, digits, C(.), C(_), C(-)), e.g. C(before); a run stored under it before is replaced.
    type: str
    required: true
  quick:
    description:
      - Only SEQ1M Q8T1 and RND4K Q32T1, read and write, on 64 MiB for 5 s once (C(--quick)).
    type: bool
    default: false
  size:
    description:
      - Bytes each run covers, e.g. C(1G) (C(--size)).
    type: str
  runtime:
    description:
      - Seconds at most per run (C(--runtime)).
    type: int
  loops:
    description:
      - Runs of each profile, averaged and their peak kept (C(--loops)).
    type: int
  file:
    description:
      - The scratch file in the guest (C(--file)), on a filesystem with O_DIRECT; virt-tune's default
        C(/var/tmp/virt-tune-bench.dat).
    type: str
  scratch_disk:
    description:
      - Bench the domain's whole scratch disk with this target, e.g. C(vdb), instead (C(--scratch-disk));
        needs C(destructive), and one domain named exactly.
    type: str
  device:
    description:
      - Bench this whole scratch device of the guest, e.g. C(/dev/vdb) (C(--device)); needs C(destructive).
    type: str
  destructive:
    description:
      - Allow C(scratch_disk) or C(device) to be overwritten (C(--destructive)); virt-tune still refuses a disk that
        holds anything.
    type: bool
    default: false
  disk:
    description:
      - The domain disk (its target) whose configuration and host device are recorded (C(--disk)).
    type: str
  fio:
    description:
      - fio's path in the guest (C(--fio)).
    type: str
  host_ceiling:
    description:
      - Also run the profiles with fio on the host on this scratch file (or, with C(destructive), device), as
        the ceiling for the guest (C(--host-ceiling)).
    type: path
  compare_with:
    description:
      - After the bench, compare each guest benched with its run stored under this label, e.g. C(before).
    type: str
  report_dir:
    description:
      - With C(compare_with), the directory on the host where each comparison is written as C(DOMAIN.json) and
        C(DOMAIN.html); created when missing.
    type: path
  state_dir:
    description:
      - Where the runs are stored (C(--state-dir)); virt-tune's default C(/var/lib/virt-tune/bench).
    type: path
extends_documentation_fragment:
  - virttune.kvm.virt_tune
  - virttune.kvm.virt_tune.selection
attributes:
  check_mode:
    support: none
    details: bench has no dry run; the task is skipped in check mode.
  diff_mode:
    support: none
    details: It changes no configuration.
  platform:
    details: A Linux KVM host with libvirt; the guests running, with their QEMU guest agent and fio.
'''

EXAMPLES = r'''
- name: Bench every running guest before the migration
  virttune.kvm.virt_tune_bench:
    all: true
    label: before
    quick: true

- name: Bench them after, and write each guest's before-and-after report
  virttune.kvm.virt_tune_bench:
    all: true
    label: after
    quick: true
    compare_with: before
    report_dir: /var/lib/virt-tune/reports
'''

RETURN = r'''
domains:
  description: What was stored for each guest benched (schema virt-tune/bench-run, docs/json.md).
  returned: always, when virt-tune reported results
  type: list
  elements: dict
  contains:
    name:
      description: The domain.
      type: str
    result:
      description: C(done) (measured and stored), C(refused) or C(failed).
      type: str
    detail:
      description: Where the run was stored, or why not.
      type: str
    reasons:
      description: For a refused or failed domain, every reason it was stopped for, each naming its rule.
      type: list
      elements: str
  sample: [{"name": "web01", "result": "done", "detail": "stored as 'after' in /var/lib/virt-tune/bench/web01/after.json",
            "reasons": []}]
comparisons:
  description: With C(compare_with), each guest's comparison (schema virt-tune/bench-compare, docs/json.md).
  returned: success, with C(compare_with)
  type: list
  elements: dict
  sample: [{"schema": "virt-tune/bench-compare", "version": 1, "domain": "web01",
            "meanIopsChangePercent": {"read": 25.1, "write": 58.3}, "losses": []}]
stopped:
  description: The domains refused or failed, each with every reason.
  returned: failure
  type: list
  elements: dict
  sample: [{"name": "web01", "result": "failed", "reasons": ["domain 'web01' is shut off; bench measures a running guest: start it first"]}]
refused:
  description: Whether a safety check refused (virt-tune's exit status 3) rather than something failing.
  returned: failure
  type: bool
  sample: false
rc:
  description: virt-tune bench's exit status (0 stored, 1 failed, 3 refused).
  returned: always, when virt-tune ran
  type: int
  sample: 0
stderr:
  description: virt-tune's progress and messages.
  returned: always, when virt-tune ran
  type: str
  sample: "[web01] seq1m_q8t1_read 1/1 ..."
'''

import json
import os

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.virttune.kvm.plugins.module_utils.virt_tune import (
    CONNECTION_ARGUMENTS, SELECTION_ARGUMENTS, VirtTune, option_argv, selection_argv)
from ansible_collections.virttune.kvm.plugins.module_utils.results import exit_with_results

BENCH_OPTIONS = dict(
    connect="--connect", label="--label", quick="--quick", size="--size", runtime="--runtime", loops="--loops",
    file="--file", scratch_disk="--scratch-disk", device="--device", destructive="--destructive", disk="--disk",
    fio="--fio", host_ceiling="--host-ceiling", state_dir="--state-dir",
)


def bench_argv(params):
    return ["bench"] + selection_argv(params) + option_argv(params, BENCH_OPTIONS)


def compare_argv(params, domain):
    """bench compare of DOMAIN's run under compare_with against this one, its HTML page into report_dir."""
    argv = ["bench", "compare", domain, params["compare_with"], params["label"]]
    argv += option_argv(params, dict(connect="--connect", state_dir="--state-dir"))
    if params["report_dir"]:
        argv += ["--html", os.path.join(params["report_dir"], domain + ".html")]
    return argv


def compare(module, virt_tune, results):
    """Each guest stored by this run compared with its earlier run, written into report_dir too."""
    params = module.params
    if params["report_dir"]:
        os.makedirs(params["report_dir"], exist_ok=True)
    comparisons = []
    for domain in results["domains"]:
        if domain["result"] != "done":
            continue
        comparison = virt_tune.run(compare_argv(params, domain["name"]), "virt-tune/bench-compare")[1]
        if params["report_dir"]:
            with open(os.path.join(params["report_dir"], domain["name"] + ".json"), "w") as report:
                json.dump(comparison, report, indent=2)
        comparisons.append(comparison)
    return comparisons


def main():
    module = AnsibleModule(
        argument_spec=dict(
            label=dict(type="str", required=True),
            quick=dict(type="bool", default=False),
            size=dict(type="str"),
            runtime=dict(type="int"),
            loops=dict(type="int"),
            file=dict(type="str"),
            scratch_disk=dict(type="str"),
            device=dict(type="str"),
            destructive=dict(type="bool", default=False),
            disk=dict(type="str"),
            fio=dict(type="str"),
            host_ceiling=dict(type="path"),
            compare_with=dict(type="str"),
            report_dir=dict(type="path"),
            state_dir=dict(type="path"),
            **dict(SELECTION_ARGUMENTS, **CONNECTION_ARGUMENTS)
        ),
        mutually_exclusive=[("scratch_disk", "device", "file")],
        required_by=dict(report_dir="compare_with"),
        # bench has no dry run: Ansible skips the task in check mode.
        supports_check_mode=False,
    )
    virt_tune = VirtTune(module)
    rc, results, stderr = virt_tune.run(bench_argv(module.params), "virt-tune/bench-run")
    extra = {}
    if module.params["compare_with"]:
        extra["comparisons"] = compare(module, virt_tune, results)
    exit_with_results(module, "bench", rc, results, stderr, **extra)


if __name__ == "__main__":
    main()

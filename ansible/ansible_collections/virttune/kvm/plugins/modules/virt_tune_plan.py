#!/usr/bin/python
# -*- coding: utf-8 -*-

DOCUMENTATION = r'''
module: virt_tune_plan
short_description: Plan moving a KVM host's qcow2 disks onto raw LVs with virt-tune plan
description:
  - Runs C(virt-tune plan --json) on the host and writes the plan into C(dest), the file
    M(virttune.kvm.virt_tune_apply) applies, and returns its summary and each domain's XML diff.
  - Planning changes nothing on the host but C(dest). The file is written only when the new plan differs from
    the one in it in more than the time it was made, so planning again a host that did not change is C(ok).
  - Domains that cannot be planned (outcome C(STOPPED)) are warned about with their reasons, and so is a part of the
    host that could not be read (virt-tune's exit status 1); when every domain asked
    for is (virt-tune's exit status 3), or the options are refused, the task fails and C(dest) is left as it was.
version_added: 0.1.0
author:
  - virt-tune authors (!UNKNOWN)
options:
  dest:
    description:
      - The plan file to write, on the host.
    type: path
    required: true
  vg:
    description:
      - Move the disks into linear LVs in this volume group (C(--vg)).
      - One of C(vg) and C(thin_pool) is required.
    type: str
  thin_pool:
    description:
      - Move the disks into thin LVs in this pool, as C(VG/POOL) (C(--thin-pool)).
    type: str
  create_thin_pool:
    description:
      - Create C(thin_pool) first, of this size, e.g. C(200G) (C(--create-thin-pool)).
    type: str
  chunk_size:
    description:
      - The chunk size of a created thin pool (C(--chunk-size)); default 64K with zeroing, 4M without.
    type: str
  thin_zeroing:
    description:
      - Whether a created thin pool zeroes new chunks (C(--thin-zeroing)); off needs C(accept_thin_zeroing_risk).
    type: bool
  accept_thin_zeroing_risk:
    description:
      - Accept that without zeroing a guest's partial write into a fresh chunk can show another guest's deleted data.
    type: bool
    default: false
  cache:
    description:
      - The disks' cache mode (C(--cache)); C(writeback) needs C(accept_writeback_risk).
    type: str
    choices: [none, writeback]
  accept_writeback_risk:
    description:
      - Accept that writes acknowledged to the guest are lost on power loss with C(writeback).
    type: bool
    default: false
  reserve:
    description:
      - The share of the VG (or pool), in percent, left free (C(--reserve)); virt-tune's default is 10.
    type: int
  hugepages:
    description:
      - Back the domains' memory with hugepages, as the recipe does; false is C(--no-hugepages).
    type: bool
    default: true
  drop_snapshots:
    description:
      - Allow internal qcow2 snapshots to be lost (C(--drop-snapshots)).
    type: bool
    default: false
  live:
    description:
      - Move the disks of running guests while they run (C(--live)); the other changes wait for their next cold boot.
    type: bool
    default: false
  synchronous_writes:
    description:
      - With C(live), each guest write reaches the LV before the guest sees it done (C(--synchronous-writes)).
    type: bool
    default: false
  verify_paused:
    description:
      - With C(live), pause each guest before its switch and compare its source with the LV (C(--verify-paused)).
    type: bool
    default: false
  bandwidth:
    description:
      - Cap each disk's copy, and the verify's reads, at this size per second, e.g. C(64M) (C(--bandwidth)).
    type: str
  copy_rate:
    description:
      - Predict each shut-off guest's downtime at this size per second a copy (C(--copy-rate)).
    type: str
  window:
    description:
      - Order the guests that go down into maintenance windows of this length, e.g. C(4h) (C(--window));
        the C(window) of M(virttune.kvm.virt_tune_apply) then moves one window's guests.
    type: str
  virtio_ready:
    description:
      - Windows guests whose VirtIO storage driver is bound, whose buses switch now (C(--virtio-ready)).
    type: list
    elements: str
    default: []
  from_xml:
    description:
      - Plan from these domain XML files or directories of C(*.xml) files instead of libvirt (C(--from-xml)).
    type: list
    elements: path
    default: []
  host_facts:
    description:
      - Read C(/proc), C(/sys) and the LVM reports from this recorded host directory (C(--host-facts)).
    type: path
  state_dir:
    description:
      - Where the host's earlier applies journaled their copies, whose median pace is the default C(copy_rate)
        (C(--state-dir)); default C(/var/lib/virt-tune).
    type: path
extends_documentation_fragment:
  - virttune.kvm.virt_tune
  - virttune.kvm.virt_tune.selection
  - ansible.builtin.files
attributes:
  check_mode:
    support: full
    details: Plans, and says whether C(dest) would change, without writing it.
  diff_mode:
    support: full
    details: Shows each planned domain's definition, current and planned.
  platform:
    details: A Linux KVM host with libvirt.
'''

EXAMPLES = r'''
- name: Plan every domain into the thin pool
  virttune.kvm.virt_tune_plan:
    all: true
    thin_pool: vg_fast/tpool
    dest: /var/lib/virt-tune/plan.json
  register: plan

- name: Plan two guests into linear LVs, leaving 5% of the VG free, in windows of 4 hours
  virttune.kvm.virt_tune_plan:
    domains: [web01, 'win*']
    vg: vg_vms
    reserve: 5
    window: 4h
    dest: /root/plan.json

- name: Stop when a domain cannot be planned
  ansible.builtin.assert:
    that: plan.outcomes.STOPPED | default(0) == 0
'''

RETURN = r'''
dest:
  description: The plan file.
  returned: success
  type: str
  sample: /var/lib/virt-tune/plan.json
plan:
  description:
    - The whole plan (schema virt-tune/plan, docs/json.md), as written into C(dest) (in check mode, as it would be).
    - M(virttune.kvm.virt_tune_apply) takes it as C(plan_content), so that a check mode run's dry run applies the
      plan the run would write.
  returned: success
  type: dict
  sample: {"schema": "virt-tune/plan", "version": 1, "hostname": "hv01", "domains": []}
outcomes:
  description: How many domains have each outcome (C(MIGRATE), C(RETUNE), C(STAGE), C(UNCHANGED), C(STOPPED)).
  returned: success
  type: dict
  sample: {"MIGRATE": 9, "RETUNE": 2, "STAGE": 2, "UNCHANGED": 2}
domains:
  description: Each domain planned, as the plan has it without its XML (docs/json.md, schema virt-tune/plan).
  returned: success
  type: list
  elements: dict
  contains:
    name:
      description: The domain.
      type: str
    outcome:
      description: C(MIGRATE), C(RETUNE), C(STAGE), C(UNCHANGED) or C(STOPPED).
      type: str
    reasons:
      description: Why it is C(STOPPED), each saying what to do.
      type: list
      elements: str
    warnings:
      description: Risks accepted or found for it.
      type: list
      elements: str
    disks:
      description: Each disk's fate (C(action) C(move), C(retune), C(unchanged), C(leave), C(remove)) and its changes.
      type: list
      elements: dict
    diff:
      description: The unified diff of its definition, current and planned; null when unchanged.
      type: str
  sample: [{"name": "web01", "outcome": "MIGRATE", "reasons": [], "warnings": [],
            "disks": [{"target": "sda", "action": "move", "destination": "/dev/vg_vms/web01-sda"}],
            "diff": "--- web01.xml (current)\n+++ web01.xml (planned)\n..."}]
plan_warnings:
  description: Risks accepted or found for the whole plan, and what planning assumed.
  returned: success
  type: list
  elements: str
  sample: []
schedule:
  description: The maintenance windows of C(window) or C(copy_rate), as the plan has them; null without.
  returned: success
  type: dict
  sample: {"copyBytesPerSecond": 188743680, "windowSeconds": 14400, "windows": []}
'''

import json
from collections import Counter

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.virttune.kvm.plugins.module_utils.virt_tune import (
    CONNECTION_ARGUMENTS, SELECTION_ARGUMENTS, VirtTune, last_message, option_argv, selection_argv)
from ansible_collections.virttune.kvm.plugins.module_utils.plan_file import definition_diffs, write_plan

# Module parameter to virt-tune plan's option.
PLAN_OPTIONS = dict(
    connect="--connect", vg="--vg", thin_pool="--thin-pool", create_thin_pool="--create-thin-pool",
    chunk_size="--chunk-size", accept_thin_zeroing_risk="--accept-thin-zeroing-risk", cache="--cache",
    accept_writeback_risk="--accept-writeback-risk", reserve="--reserve", drop_snapshots="--drop-snapshots",
    live="--live", synchronous_writes="--synchronous-writes", verify_paused="--verify-paused",
    bandwidth="--bandwidth", copy_rate="--copy-rate", window="--window", virtio_ready="--virtio-ready",
    from_xml="--from-xml", host_facts="--host-facts", state_dir="--state-dir",
)
# The plan without its XML, for the task's result.
DOMAIN_FIELDS = ("name", "state", "outcome", "reasons", "warnings", "disks", "diff")


def plan_argv(params):
    argv = ["plan"] + selection_argv(params) + option_argv(params, PLAN_OPTIONS)
    if params["thin_zeroing"] is not None:
        argv += ["--thin-zeroing", "on" if params["thin_zeroing"] else "off"]
    if not params["hugepages"]:
        argv.append("--no-hugepages")
    return argv


def same_plan(plan, path):
    """Whether the file at PATH holds PLAN but for the time it was made."""
    try:
        with open(path) as existing:
            earlier = json.load(existing)
    except (IOError, OSError, ValueError):
        return False
    return dict(earlier, createdAt=None) == dict(plan, createdAt=None)


def main():
    module = AnsibleModule(
        argument_spec=dict(
            dest=dict(type="path", required=True),
            vg=dict(type="str"),
            thin_pool=dict(type="str"),
            create_thin_pool=dict(type="str"),
            chunk_size=dict(type="str"),
            thin_zeroing=dict(type="bool"),
            accept_thin_zeroing_risk=dict(type="bool", default=False),
            cache=dict(type="str", choices=["none", "writeback"]),
            accept_writeback_risk=dict(type="bool", default=False),
            reserve=dict(type="int"),
            hugepages=dict(type="bool", default=True),
            drop_snapshots=dict(type="bool", default=False),
            live=dict(type="bool", default=False),
            synchronous_writes=dict(type="bool", default=False),
            verify_paused=dict(type="bool", default=False),
            bandwidth=dict(type="str"),
            copy_rate=dict(type="str"),
            window=dict(type="str"),
            virtio_ready=dict(type="list", elements="str", default=[]),
            from_xml=dict(type="list", elements="path", default=[]),
            host_facts=dict(type="path"),
            state_dir=dict(type="path"),
            **dict(SELECTION_ARGUMENTS, **CONNECTION_ARGUMENTS)
        ),
        required_one_of=[("vg", "thin_pool")],
        mutually_exclusive=[("vg", "thin_pool")],
        required_by=dict(create_thin_pool="thin_pool", chunk_size="create_thin_pool", thin_zeroing="create_thin_pool"),
        required_if=[("synchronous_writes", True, ["live"]), ("verify_paused", True, ["live"])],
        add_file_common_args=True,
        supports_check_mode=True,
    )
    rc, plan, stderr = VirtTune(module).run(plan_argv(module.params), "virt-tune/plan")
    domains = [dict((field, domain.get(field)) for field in DOMAIN_FIELDS) for domain in plan["domains"]]
    stopped = [domain for domain in domains if domain["outcome"] == "STOPPED"]
    result = dict(dest=module.params["dest"], plan=plan, outcomes=dict(Counter(domain["outcome"] for domain in domains)),
                  domains=domains, plan_warnings=plan["warnings"] + plan["assumptions"],
                  schedule=plan.get("schedule"), stderr=stderr, rc=rc)
    if rc not in (0, 1):
        module.fail_json(msg="virt-tune plan: no domain asked for can be planned: %s" % " | ".join(
            "%s: %s" % (domain["name"], "; ".join(domain["reasons"])) for domain in stopped), changed=False, **result)
    if rc == 1:
        module.warn("virt-tune plan could not read all of the host, and planned the rest: " + last_message(stderr))
    for domain in stopped:
        module.warn("virt-tune plan: %s is not planned: %s" % (domain["name"], "; ".join(domain["reasons"])))
    changed = not same_plan(plan, module.params["dest"])
    if changed and not module.check_mode:
        write_plan(module, plan, module.params["dest"])
    if not module.check_mode:
        changed = module.set_fs_attributes_if_different(module.load_file_common_arguments(module.params), changed)
    if module._diff:
        result["diff"] = definition_diffs(plan)
    module.exit_json(changed=changed, **result)


if __name__ == "__main__":
    main()

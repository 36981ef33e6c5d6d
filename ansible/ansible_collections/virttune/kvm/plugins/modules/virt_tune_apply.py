#!/usr/bin/python
# -*- coding: utf-8 -*-

DOCUMENTATION = r'''
module: virt_tune_apply
short_description: Apply a virt-tune plan on a KVM host, journaled
description:
  - Runs C(virt-tune apply PLAN --execute --json) on the host; in check mode C(virt-tune apply PLAN --json), virt-tune's
    dry run, which runs every check a real run does and changes nothing.
  - C(changed) only when a domain was migrated or retuned (in check mode, would be). Applying the same plan again
    (C(already_done)), or a plan of a host already migrated (C(nothing_to_do)), is C(ok).
  - A domain refused by a safety check (virt-tune's exit status 3) or failed (1) fails the task with every reason
    virt-tune gave; the other domains of the plan are applied all the same, and the result says what became of each.
  - With C(--diff), each domain applied shows its definition before and after, from the plan.
version_added: 0.1.0
author:
  - virt-tune authors (!UNKNOWN)
options:
  plan:
    description:
      - The plan file on the host, as M(virttune.kvm.virt_tune_plan) wrote it (schema virt-tune/plan).
      - A plan made for another host is refused as a whole, naming the difference.
      - One of C(plan) and C(plan_content) is required.
    type: path
  plan_content:
    description:
      - The plan itself, as M(virttune.kvm.virt_tune_plan) returns it (its C(plan)); applied from a file of the
        module's own, removed when the task ends.
      - In check mode this is the plan the run would have written, where C(plan)'s file is not written yet.
    type: dict
  domains:
    description:
      - Only these domains of the plan (default all).
    type: list
    elements: str
    default: []
  resume:
    description:
      - Continue domains whose earlier apply was interrupted (C(--resume)); without it they are refused.
    type: bool
    default: false
  jobs:
    description:
      - Domains applied at a time (C(--jobs)); virt-tune's default is 1.
    type: int
  window:
    description:
      - Only the guests of the plan's maintenance window N (C(--window)), 1 the first.
    type: int
  host_bandwidth:
    description:
      - Cap the live copies running at once on the host at this size per second together, e.g. C(200M) (C(--host-bandwidth)).
    type: str
  converge_within:
    description:
      - Seconds a live copy may go without getting closer to ready before it is copied again with synchronous writes
        (C(--converge-within)).
    type: int
extends_documentation_fragment:
  - virttune.kvm.virt_tune
  - virttune.kvm.virt_tune.state
attributes:
  check_mode:
    support: full
    details: virt-tune's dry run (no C(--execute)); C(changed) when a domain would be applied.
  diff_mode:
    support: full
    details: Each domain applied (or that would be), its definition before and after.
  platform:
    details: A Linux KVM host with libvirt and LVM; the plan must be this host's.
'''

EXAMPLES = r'''
- name: See what applying would do, with each definition's diff (ansible-playbook --check --diff)
  virttune.kvm.virt_tune_apply:
    plan: /var/lib/virt-tune/plan.json
  check_mode: true
  diff: true

- name: Plan, and see what applying that plan would do, also in check mode
  virttune.kvm.virt_tune_plan:
    all: true
    vg: vg_vms
    dest: /var/lib/virt-tune/plan.json
  register: planned

- name: The dry run of the plan just made (in check mode the plan file is not written)
  virttune.kvm.virt_tune_apply:
    plan_content: "{{ planned.plan }}"
  check_mode: true

- name: Apply the plan, two domains at a time
  virttune.kvm.virt_tune_apply:
    plan: /var/lib/virt-tune/plan.json
    jobs: 2

- name: Finish an apply that was interrupted
  virttune.kvm.virt_tune_apply:
    plan: /var/lib/virt-tune/plan.json
    resume: true
'''

RETURN = r'''
domains:
  description: What became of each domain (schema virt-tune/apply, docs/json.md).
  returned: always, when virt-tune reported results
  type: list
  elements: dict
  contains:
    name:
      description: The domain.
      type: str
    result:
      description: C(done), C(would_run) (check mode), C(already_done), C(nothing_to_do), C(refused) or C(failed).
      type: str
    detail:
      description: What was done, or why not.
      type: str
    reasons:
      description: For a refused or failed domain, every reason it was stopped for, each naming its rule.
      type: list
      elements: str
  sample: [{"name": "web01", "result": "done", "detail": "6 step(s)", "reasons": []}]
stopped:
  description: The domains refused or failed, each with every reason.
  returned: failure
  type: list
  elements: dict
  sample: [{"name": "web01", "result": "refused", "reasons": ["the definition of 'web01' changed since it was planned: ..."]}]
refused:
  description: Whether a safety check refused (virt-tune's exit status 3) rather than something failing.
  returned: failure
  type: bool
  sample: true
rc:
  description: virt-tune's exit status (0 done, 1 a domain failed, 3 a domain was refused).
  returned: always, when virt-tune ran
  type: int
  sample: 0
stderr:
  description: virt-tune's progress and messages.
  returned: always, when virt-tune ran
  type: str
  sample: "[web01] 1/6 create LV vg_vms/web01-sda ..."
'''

import os

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.virttune.kvm.plugins.module_utils.virt_tune import (
    CONNECTION_ARGUMENTS, STATE_ARGUMENTS, VirtTune, option_argv)
from ansible_collections.virttune.kvm.plugins.module_utils.plan_file import (
    checked_plan, definition_diffs, read_plan, write_plan)
from ansible_collections.virttune.kvm.plugins.module_utils.results import exit_with_results

APPLY_OPTIONS = dict(
    connect="--connect", state_dir="--state-dir", resume="--resume", jobs="--jobs", window="--window",
    host_bandwidth="--host-bandwidth", converge_within="--converge-within",
)
# The results whose definitions the apply changed, or would change.
APPLIED = ("done", "would_run")


def apply_argv(params, plan_path, check_mode):
    argv = ["apply", plan_path] + list(params["domains"]) + option_argv(params, APPLY_OPTIONS)
    return argv if check_mode else argv + ["--execute"]


def main():
    module = AnsibleModule(
        argument_spec=dict(
            plan=dict(type="path"),
            plan_content=dict(type="dict"),
            domains=dict(type="list", elements="str", default=[]),
            resume=dict(type="bool", default=False),
            jobs=dict(type="int"),
            window=dict(type="int"),
            host_bandwidth=dict(type="str"),
            converge_within=dict(type="int"),
            **dict(STATE_ARGUMENTS, **CONNECTION_ARGUMENTS)
        ),
        required_one_of=[("plan", "plan_content")],
        mutually_exclusive=[("plan", "plan_content")],
        supports_check_mode=True,
    )
    plan_path = module.params["plan"]
    if plan_path:
        plan = read_plan(module, plan_path)
    else:
        plan = checked_plan(module, module.params["plan_content"], "plan_content")
        plan_path = os.path.join(module.tmpdir, "plan.json")
        write_plan(module, plan, plan_path)
    rc, results, stderr = VirtTune(module).run(apply_argv(module.params, plan_path, module.check_mode),
                                               "virt-tune/apply")
    extra = {}
    if module._diff:
        applied = [domain["name"] for domain in results["domains"] if domain["result"] in APPLIED]
        extra["diff"] = definition_diffs(plan, applied)
    exit_with_results(module, "apply", rc, results, stderr, **extra)


if __name__ == "__main__":
    main()

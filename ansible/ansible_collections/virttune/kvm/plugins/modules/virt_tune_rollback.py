#!/usr/bin/python
# -*- coding: utf-8 -*-

DOCUMENTATION = r'''
module: virt_tune_rollback
short_description: Undo a virt-tune apply on a KVM host
description:
  - Runs C(virt-tune rollback --execute --json) on the host; in check mode without C(--execute), virt-tune's dry run.
  - Restores each domain's backed-up definition and removes only the LVs virt-tune created for it, and nothing else.
  - C(changed) only when a domain was rolled back (in check mode, would be); a domain rolled back already, or never
    applied, is C(ok) (C(nothing_to_do)).
  - A completed migration is refused unless C(force), since the guest may have written to its new disks since; a
    refused or failed domain fails the task with every reason virt-tune gave.
version_added: 0.1.0
author:
  - virt-tune authors (!UNKNOWN)
options:
  force:
    description:
      - Roll back a completed migration too, discarding what the guest wrote on its LVs since (C(--force --yes), since
        there is no terminal to confirm on).
    type: bool
    default: false
extends_documentation_fragment:
  - virttune.kvm.virt_tune
  - virttune.kvm.virt_tune.selection
  - virttune.kvm.virt_tune.state
attributes:
  check_mode:
    support: full
    details: virt-tune's dry run; C(changed) when a domain would be rolled back.
  diff_mode:
    support: none
    details: The definitions restored are in virt-tune's backups, not shown.
  platform:
    details: A Linux KVM host with libvirt and LVM.
'''

EXAMPLES = r'''
- name: Undo an apply that failed or was interrupted
  virttune.kvm.virt_tune_rollback:
    domains: [web01]

- name: Undo a completed migration, discarding what the guest wrote since
  virttune.kvm.virt_tune_rollback:
    domains: [web01]
    force: true
'''

RETURN = r'''
domains:
  description: What became of each domain (schema virt-tune/rollback, docs/json.md).
  returned: always, when virt-tune reported results
  type: list
  elements: dict
  contains:
    name:
      description: The domain.
      type: str
    result:
      description: C(done), C(would_run) (check mode), C(nothing_to_do), C(refused) or C(failed).
      type: str
    detail:
      description: What was undone, or why not.
      type: str
    reasons:
      description: For a refused or failed domain, every reason it was stopped for, each naming its rule.
      type: list
      elements: str
  sample: [{"name": "web01", "result": "done", "detail": "original definition and 1 LV(s) restored/removed", "reasons": []}]
stopped:
  description: The domains refused or failed, each with every reason.
  returned: failure
  type: list
  elements: dict
  sample: [{"name": "web01", "result": "refused", "reasons": ["the new definition of 'web01' was defined: ...; add --force"]}]
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
  sample: "remove vg_vms/web01-sda (created by virt-tune)"
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.virttune.kvm.plugins.module_utils.virt_tune import (
    CONNECTION_ARGUMENTS, SELECTION_ARGUMENTS, STATE_ARGUMENTS, VirtTune, option_argv, selection_argv)
from ansible_collections.virttune.kvm.plugins.module_utils.results import exit_with_results


def rollback_argv(params, check_mode):
    argv = ["rollback"] + selection_argv(params) + option_argv(params, dict(connect="--connect", state_dir="--state-dir"))
    if params["force"]:
        # With --execute, --force asks on a terminal first; a task has none, and force is its answer.
        argv += ["--force", "--yes"]
    return argv if check_mode else argv + ["--execute"]


def main():
    module = AnsibleModule(
        argument_spec=dict(force=dict(type="bool", default=False),
                           **dict(SELECTION_ARGUMENTS, **dict(STATE_ARGUMENTS, **CONNECTION_ARGUMENTS))),
        supports_check_mode=True,
    )
    rc, results, stderr = VirtTune(module).run(rollback_argv(module.params, module.check_mode), "virt-tune/rollback")
    exit_with_results(module, "rollback", rc, results, stderr)


if __name__ == "__main__":
    main()

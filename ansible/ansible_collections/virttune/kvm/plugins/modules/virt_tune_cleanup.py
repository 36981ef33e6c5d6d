#!/usr/bin/python
# -*- coding: utf-8 -*-

DOCUMENTATION = r'''
module: virt_tune_cleanup
short_description: Remove the source images a completed virt-tune migration left behind
description:
  - Without C(remove_source_images), deletes nothing; it runs the dry run of virt-tune (C(virt-tune cleanup --json)) and returns
    what it would remove, C(ok).
  - With C(remove_source_images), runs C(virt-tune cleanup --execute --yes --json), which removes a domain's source images
    only when its migration is completed and verified and no domain still uses them. There is no rollback afterwards.
  - C(changed) only when images were removed (in check mode, would be); a domain cleaned up already is C(ok).
  - A refused or failed domain (a migration not completed, or rolled back) fails the task with every reason virt-tune gave.
version_added: 0.1.0
author:
  - virt-tune authors (!UNKNOWN)
options:
  remove_source_images:
    description:
      - Really remove the source images (C(--execute --yes)). Without it the module only reports what would be removed.
    type: bool
    default: false
extends_documentation_fragment:
  - virttune.kvm.virt_tune
  - virttune.kvm.virt_tune.selection
  - virttune.kvm.virt_tune.state
attributes:
  check_mode:
    support: full
    details: virt-tune's dry run; C(changed) when C(remove_source_images) would remove images.
  diff_mode:
    support: none
    details: Files are removed, nothing is rewritten.
  platform:
    details: A Linux KVM host with libvirt and LVM.
'''

EXAMPLES = r'''
- name: What cleanup would remove (removes nothing)
  virttune.kvm.virt_tune_cleanup:
    all: true
  register: cleanup

- name: Remove the web guests' source images, once their migration is verified
  virttune.kvm.virt_tune_cleanup:
    domains: ['web*']
    remove_source_images: true
'''

RETURN = r'''
domains:
  description: What became of each domain (schema virt-tune/cleanup, docs/json.md).
  returned: always, when virt-tune reported results
  type: list
  elements: dict
  contains:
    name:
      description: The domain.
      type: str
    result:
      description: C(done), C(would_run) (a dry run), C(nothing_to_do), C(refused) or C(failed).
      type: str
    detail:
      description: How many source images were removed and kept, or why none.
      type: str
    reasons:
      description: For a refused or failed domain, every reason it was stopped for, each naming its rule.
      type: list
      elements: str
  sample: [{"name": "web01", "result": "would_run", "detail": "1 source image(s) would be removed", "reasons": []}]
stopped:
  description: The domains refused or failed, each with every reason.
  returned: failure
  type: list
  elements: dict
  sample: [{"name": "web01", "result": "refused", "reasons": ["the migration of 'web01' is rolled back, not completed and verified: ..."]}]
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
msg:
  description: Without C(remove_source_images), that nothing was removed.
  returned: success, without C(remove_source_images)
  type: str
  sample: "nothing removed: a dry run, remove_source_images is false"
stderr:
  description: virt-tune's progress and messages, among them each image it would remove or removed.
  returned: always, when virt-tune ran
  type: str
  sample: "would remove /var/lib/libvirt/images/web01.qcow2"
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.virttune.kvm.plugins.module_utils.virt_tune import (
    CONNECTION_ARGUMENTS, SELECTION_ARGUMENTS, STATE_ARGUMENTS, VirtTune, option_argv, selection_argv)
from ansible_collections.virttune.kvm.plugins.module_utils.results import exit_with_results


def cleanup_argv(params, check_mode):
    argv = ["cleanup"] + selection_argv(params) + option_argv(params, dict(connect="--connect", state_dir="--state-dir"))
    if params["remove_source_images"] and not check_mode:
        # --execute asks on a terminal first; a task has none, and remove_source_images is its answer.
        argv += ["--execute", "--yes"]
    return argv


def main():
    module = AnsibleModule(
        argument_spec=dict(remove_source_images=dict(type="bool", default=False),
                           **dict(SELECTION_ARGUMENTS, **dict(STATE_ARGUMENTS, **CONNECTION_ARGUMENTS))),
        supports_check_mode=True,
    )
    rc, results, stderr = VirtTune(module).run(cleanup_argv(module.params, module.check_mode), "virt-tune/cleanup")
    removing = module.params["remove_source_images"]
    exit_with_results(module, "cleanup", rc, results, stderr, would_change=module.check_mode and removing,
                      note=None if removing else "nothing removed: a dry run, remove_source_images is false")


if __name__ == "__main__":
    main()

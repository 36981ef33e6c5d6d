#!/usr/bin/python
# -*- coding: utf-8 -*-

DOCUMENTATION = r'''
module: virt_tune_facts
short_description: Read a KVM host's domains, disks, LVM and findings with virt-tune inspect
description:
  - Runs C(virt-tune inspect --json) on the host and returns its report as facts, for later tasks
    to decide on (which domains have disks to move, which findings are errors, the room in the VGs).
  - Changes nothing on the host.
  - A report with parts that could not be read (virt-tune's exit status 1) is returned with a warning naming them;
    C(virt_tune.summary.complete) is then false.
version_added: 0.1.0
author:
  - virt-tune authors (!UNKNOWN)
options:
  host_facts:
    description:
      - Read C(/proc), C(/sys) and the LVM reports from this recorded host directory instead of the host
        (virt-tune's C(--host-facts), as the bundled example C(/usr/share/virt-tune/example) does).
    type: path
extends_documentation_fragment:
  - virttune.kvm.virt_tune
  - virttune.kvm.virt_tune.selection
attributes:
  check_mode:
    support: full
    details: It only reads, so it runs in check mode too.
  diff_mode:
    support: none
    details: It changes nothing.
  facts:
    support: full
    description: The report is returned as the fact C(virt_tune).
  platform:
    details: A Linux KVM host with libvirt.
'''

EXAMPLES = r'''
- name: Read the host
  virttune.kvm.virt_tune_facts:

- name: Read the web guests, without web02
  virttune.kvm.virt_tune_facts:
    domains: ['web*']
    exclude: [web02]

- name: Stop where a finding is an error
  ansible.builtin.assert:
    that: ansible_facts.virt_tune.summary.errors == 0
    fail_msg: "{{ ansible_facts.virt_tune.findings | selectattr('severity', 'eq', 'error') | map(attribute='summary') | list }}"

- name: The image files to move to LVs
  ansible.builtin.debug:
    msg: "{{ ansible_facts.virt_tune.disks | selectattr('role', 'eq', 'move-data') | map(attribute='source') | list }}"
'''

RETURN = r'''
ansible_facts:
  description: The inspect report (schema virt-tune/inspect version 1, docs/json.md), under C(virt_tune).
  returned: success
  type: complex
  contains:
    virt_tune:
      description: The host, its domains with their disks, every disk on its own, every finding, and the counts.
      type: complex
      contains:
        host:
          description: The host, its hugepages, block devices and LVM (C(host) of the report).
          type: dict
          sample: {"uri": "qemu:///system", "hostname": "hv01", "libvirtVersion": "9.0.0", "problems": []}
        domains:
          description: Each selected domain with its disks, sorted by name (C(domains) of the report).
          type: list
          elements: dict
          sample: [{"name": "web01", "state": "shut off", "disks": [{"target": "sda", "role": "move-data"}]}]
        disks:
          description: Every disk of those domains, each with its domain's name as C(domain), in the domains' order.
          type: list
          elements: dict
          sample: [{"domain": "web01", "target": "sda", "bus": "sata", "format": "qcow2", "role": "move-data"}]
        findings:
          description: Every finding, each with its C(ruleId), C(severity), C(domain), C(disk), C(summary), C(evidence) and C(fix).
          type: list
          elements: dict
          sample: [{"ruleId": "disk.bus", "severity": "warning", "domain": "web01", "disk": "sda", "summary": "sata bus"}]
        summary:
          description: The counts of domains, disks by role and findings by severity, and whether all was read.
          type: dict
          sample: {"domains": 1, "disksToMove": 1, "errors": 0, "warnings": 5, "infos": 1, "complete": true}
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.virttune.kvm.plugins.module_utils.virt_tune import (
    CONNECTION_ARGUMENTS, SELECTION_ARGUMENTS, VirtTune, option_argv, selection_argv)


def facts_of(report):
    """The inspect report as facts, with every disk also listed on its own for later tasks' filters."""
    disks = [dict(disk, domain=domain["name"]) for domain in report["domains"] for disk in domain["disks"]]
    return dict(host=report["host"], domains=report["domains"], disks=disks, findings=report["findings"],
                summary=report["summary"])


def main():
    module = AnsibleModule(
        argument_spec=dict(host_facts=dict(type="path"), **dict(SELECTION_ARGUMENTS, **CONNECTION_ARGUMENTS)),
        supports_check_mode=True,
    )
    argv = ["inspect"] + selection_argv(module.params) + option_argv(
        module.params, dict(connect="--connect", host_facts="--host-facts"))
    rc, report, stderr = VirtTune(module).run(argv, "virt-tune/inspect")
    # Exit status 1 is a report with parts missing; it still covers the rest.
    if rc not in (0, 1):
        module.fail_json(msg="virt-tune inspect ended with exit status %d" % rc, rc=rc, stderr=stderr)
    if not report["summary"]["complete"]:
        module.warn("virt-tune could not read all of the host: %s" % "; ".join(
            report["host"]["problems"] or ["see the findings host.unreadable and disk.unreadable"]))
    module.exit_json(changed=False, ansible_facts=dict(virt_tune=facts_of(report)))


if __name__ == "__main__":
    main()

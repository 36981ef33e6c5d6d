# -*- coding: utf-8 -*-
"""A virt-tune plan file (schema virt-tune/plan, docs/json.md) as the modules read it: one host's
plan, and each domain's definition before and after it for Ansible's diff."""

import json
import os
import tempfile


def read_plan(module, path):
    """The plan in the file at PATH (see checked_plan)."""
    try:
        with open(path) as plan_file:
            return checked_plan(module, json.load(plan_file), path)
    except (IOError, OSError, ValueError) as error:
        module.fail_json(msg="cannot read the plan %s: %s" % (path, error))


def write_plan(module, plan, path):
    """Writes PLAN into the file at PATH as virt-tune's --out does, replacing it at once; fails the
    task, saying so, when PATH's directory does not exist (a fresh host has no /var/lib/virt-tune)."""
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        module.fail_json(msg="cannot write the plan %s: the directory %s does not exist; create it first"
                             " (ansible.builtin.file with state: directory)" % (path, directory))
    handle, temporary = tempfile.mkstemp(dir=module.tmpdir)
    with os.fdopen(handle, "w") as out:
        json.dump(plan, out, indent=2)
        out.write("\n")
    module.atomic_move(temporary, path)


def checked_plan(module, plan, source):
    """PLAN, one host's; fails the task on a fleet plan, whose hosts' parts are applied each on its
    host (plan each host with virt_tune_plan instead)."""
    if plan.get("schema") == "virt-tune/fleet-plan":
        module.fail_json(msg="%s is a fleet plan (schema virt-tune/fleet-plan): apply it with virt-tune apply on"
                             " the controller, or plan each host with virttune.kvm.virt_tune_plan" % source)
    return plan


def definition_diffs(plan, names=None):
    """Ansible's diff: each domain whose definition the plan changes (of NAMES, when given), its
    definition as planned from and as planned."""
    return [dict(before_header="%s (current definition)" % domain["name"], before=domain["originalXml"],
                 after_header="%s (planned)" % domain["name"], after=domain["newXml"])
            for domain in plan["domains"]
            if domain.get("newXml") is not None and (names is None or domain["name"] in names)]

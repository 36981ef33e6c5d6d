# -*- coding: utf-8 -*-
"""A virt-tune plan file (schema virt-tune/plan, docs/json.md) as the modules read it: one host's
plan, and each domain's definition before and after it for Ansible's diff."""

import json


def read_plan(module, path):
    """The plan in the file at PATH; fails the task on a file that is none, or a fleet plan, whose
    hosts' parts are applied each on its host (plan each host with virt_tune_plan instead)."""
    try:
        with open(path) as plan_file:
            plan = json.load(plan_file)
    except (IOError, OSError, ValueError) as error:
        module.fail_json(msg="cannot read the plan %s: %s" % (path, error))
    if plan.get("schema") == "virt-tune/fleet-plan":
        module.fail_json(msg="%s is a fleet plan (schema virt-tune/fleet-plan): apply it with virt-tune apply on"
                             " the controller, or plan each host with virttune.kvm.virt_tune_plan" % path)
    return plan


def definition_diffs(plan, names=None):
    """Ansible's diff: each domain whose definition the plan changes (of NAMES, when given), its
    definition as planned from and as planned."""
    return [dict(before_header="%s (current definition)" % domain["name"], before=domain["originalXml"],
                 after_header="%s (planned)" % domain["name"], after=domain["newXml"])
            for domain in plan["domains"]
            if domain.get("newXml") is not None and (names is None or domain["name"] in names)]

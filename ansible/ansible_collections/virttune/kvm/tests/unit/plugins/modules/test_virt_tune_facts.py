# -*- coding: utf-8 -*-
"""virt_tune_facts: the inspect report as the fact virt_tune."""

import json

from ansible_collections.virttune.kvm.plugins.modules import virt_tune_facts
from conftest import recorded_stdout


def test_the_report_becomes_facts_with_every_disk_listed_on_its_own(virt_tune, run_module):
    virt_tune.replay("example-inspect")
    report = json.loads(recorded_stdout("example-inspect"))

    result = run_module(virt_tune_facts, {})

    facts = result["ansible_facts"]["virt_tune"]
    assert not result["changed"]
    assert facts["host"]["hostname"] == "hv01"
    assert facts["findings"] == report["findings"] and facts["summary"] == report["summary"]
    assert len(facts["disks"]) == sum(len(domain["disks"]) for domain in report["domains"])
    assert [(disk["domain"], disk["target"]) for disk in facts["disks"]] == [
        (domain["name"], disk["target"]) for domain in report["domains"] for disk in domain["disks"]]


def test_the_options_map_onto_inspects(virt_tune, run_module):
    virt_tune.replay("example-inspect")

    run_module(virt_tune_facts, dict(domains=["web*", "db01"], exclude=["web02"], connect="test:///x",
                                     host_facts="/srv/hv01"))

    assert virt_tune.calls() == [["inspect", "web*", "db01", "--exclude", "web02", "--connect", "test:///x",
                                  "--host-facts", "/srv/hv01", "--json"]]


def test_it_runs_in_check_mode_too(virt_tune, run_module):
    virt_tune.replay("lab-inspect")

    result = run_module(virt_tune_facts, dict(domains=["web01"]), check_mode=True)

    assert [domain["name"] for domain in result["ansible_facts"]["virt_tune"]["domains"]] == ["web01"]

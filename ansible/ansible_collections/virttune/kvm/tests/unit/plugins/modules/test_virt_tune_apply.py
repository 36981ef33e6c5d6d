# -*- coding: utf-8 -*-
"""virt_tune_apply: check mode is the dry run, changed only when a domain changed, failures with
every reason."""

import json

import pytest

from ansible_collections.virttune.kvm.plugins.modules import virt_tune_apply
from conftest import recorded_stdout


@pytest.fixture
def plan(tmp_path):
    """The lab guest's plan file, as virt_tune_plan wrote it."""
    path = tmp_path / "plan.json"
    path.write_text(recorded_stdout("lab-plan"))
    return str(path)


def test_check_mode_is_the_dry_run_and_changed_when_a_domain_would_be_applied(virt_tune, run_module, plan):
    virt_tune.replay("lab-apply-check")

    result = run_module(virt_tune_apply, dict(plan=plan), check_mode=True)

    assert virt_tune.calls() == [["apply", plan, "--json"]]
    assert result["changed"] and not result.get("failed")
    assert [domain["result"] for domain in result["domains"]] == ["would_run"]


def test_diff_shows_each_applied_domain_s_definition_before_and_after(virt_tune, run_module, plan):
    virt_tune.replay("lab-apply-check")
    planned = json.loads(recorded_stdout("lab-plan"))["domains"][0]

    result = run_module(virt_tune_apply, dict(plan=plan), check_mode=True, diff=True)

    assert result["diff"] == [dict(before_header="web01 (current definition)", before=planned["originalXml"],
                                   after_header="web01 (planned)", after=planned["newXml"])]


def test_applying_executes_and_is_changed(virt_tune, run_module, plan):
    virt_tune.replay("lab-apply-done")

    result = run_module(virt_tune_apply, dict(plan=plan))

    assert virt_tune.calls() == [["apply", plan, "--execute", "--json"]]
    assert result["changed"] and result["rc"] == 0
    assert result["domains"][0]["result"] == "done"
    assert "redefine domain 'web01'" in result["stderr"]


def test_the_same_plan_applied_again_is_ok(virt_tune, run_module, plan):
    virt_tune.replay("lab-apply-again")

    result = run_module(virt_tune_apply, dict(plan=plan), diff=True)

    assert not result["changed"] and not result.get("failed")
    assert result["domains"][0]["result"] == "already_done"
    assert result["diff"] == []


def test_the_plan_of_a_migrated_host_is_ok(virt_tune, run_module, tmp_path):
    migrated = tmp_path / "plan-migrated.json"
    migrated.write_text(recorded_stdout("lab-plan-migrated"))
    virt_tune.replay("lab-apply-unchanged")

    result = run_module(virt_tune_apply, dict(plan=str(migrated)))

    assert not result["changed"] and result["domains"][0]["result"] == "nothing_to_do"


def test_a_refused_domain_fails_with_every_reason(virt_tune, run_module, plan):
    virt_tune.replay("lab-apply-refused")
    refused = json.loads(recorded_stdout("lab-apply-refused"))["domains"][0]

    result = run_module(virt_tune_apply, dict(plan=plan))

    assert result["failed"] and result["refused"] and result["rc"] == 3
    assert not result["changed"]
    assert result["stopped"] == [dict(name="web01", result="refused", reasons=refused["reasons"])]
    assert result["msg"] == "virt-tune apply: web01 refused: " + refused["reasons"][0]
    assert "the definition of 'web01' changed since it was planned" in result["msg"]


def test_a_plan_made_for_another_host_fails_every_domain_with_the_reason(virt_tune, run_module, tmp_path):
    other = tmp_path / "hv01.json"
    other.write_text(recorded_stdout("example-plan"))
    virt_tune.replay("example-apply-other-host")

    result = run_module(virt_tune_apply, dict(plan=str(other)))

    assert result["failed"] and result["refused"]
    assert len(result["stopped"]) == 15
    # The recording names the machine it was made on as "this host".
    assert all(len(domain["reasons"]) == 1 and domain["reasons"][0].startswith(
        "the plan was made for hostname 'hv01', this host has '") for domain in result["stopped"])
    assert "web01 refused: the plan was made for hostname 'hv01'" in result["msg"]


def test_a_fleet_plan_is_refused_before_virt_tune_runs(virt_tune, run_module, tmp_path):
    fleet = tmp_path / "fleet.json"
    fleet.write_text(json.dumps({"schema": "virt-tune/fleet-plan", "version": 1, "hosts": []}))
    virt_tune.replay("lab-apply-done")

    result = run_module(virt_tune_apply, dict(plan=str(fleet)))

    assert result["failed"] and "is a fleet plan" in result["msg"]
    assert virt_tune.calls() == []


def test_a_missing_plan_file_fails_naming_it(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-apply-done")

    result = run_module(virt_tune_apply, dict(plan=str(tmp_path / "none.json")))

    assert result["failed"] and "cannot read the plan" in result["msg"] and "none.json" in result["msg"]
    assert virt_tune.calls() == []


def test_the_options_map_onto_applys(virt_tune, run_module, plan):
    virt_tune.replay("lab-apply-done")

    run_module(virt_tune_apply, dict(plan=plan, domains=["web01"], resume=True, jobs=2, window=1,
                                     host_bandwidth="200M", converge_within=60, state_dir="/srv/state",
                                     connect="qemu:///system"))

    assert virt_tune.calls() == [[
        "apply", plan, "web01", "--connect", "qemu:///system", "--state-dir", "/srv/state", "--resume", "--jobs", "2",
        "--window", "1", "--host-bandwidth", "200M", "--converge-within", "60", "--execute", "--json"]]


def test_a_plan_given_as_content_is_applied_from_a_file_of_the_module_s_own(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-apply-check")
    content = json.loads(recorded_stdout("lab-plan"))

    result = run_module(virt_tune_apply, dict(plan_content=content), check_mode=True, diff=True)

    [call] = virt_tune.calls()
    assert call[0] == "apply" and call[1].startswith(str(tmp_path / "remote-tmp")) and call[2:] == ["--json"]
    assert result["changed"] and result["diff"][0]["after"] == content["domains"][0]["newXml"]


def test_a_plan_and_its_content_are_not_both_given(virt_tune, run_module, plan):
    virt_tune.replay("lab-apply-check")

    result = run_module(virt_tune_apply, dict(plan=plan, plan_content=json.loads(recorded_stdout("lab-plan"))))

    assert result["failed"] and "mutually exclusive" in result["msg"]

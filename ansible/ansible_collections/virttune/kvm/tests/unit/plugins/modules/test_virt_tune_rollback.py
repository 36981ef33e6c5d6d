# -*- coding: utf-8 -*-
"""virt_tune_rollback: check mode is the dry run, force answers the question, failures with every
reason."""

import json

from ansible_collections.virttune.kvm.plugins.modules import virt_tune_rollback
from conftest import recorded_stdout


def test_check_mode_is_the_dry_run(virt_tune, run_module):
    virt_tune.replay("lab-rollback-check")

    result = run_module(virt_tune_rollback, dict(domains=["web01"]), check_mode=True)

    assert virt_tune.calls() == [["rollback", "web01", "--json"]]
    assert result["failed"] and result["refused"]


def test_a_completed_migration_without_force_is_refused_with_the_reason(virt_tune, run_module):
    virt_tune.replay("lab-rollback-unforced")
    reasons = json.loads(recorded_stdout("lab-rollback-unforced"))["domains"][0]["reasons"]

    result = run_module(virt_tune_rollback, dict(domains=["web01"]))

    assert virt_tune.calls() == [["rollback", "web01", "--execute", "--json"]]
    assert result["failed"] and result["refused"] and result["rc"] == 3
    assert result["stopped"] == [dict(name="web01", result="refused", reasons=reasons)]
    assert "add --force to roll back anyway" in result["msg"]


def test_force_rolls_back_without_a_terminal_to_ask_on_and_is_changed(virt_tune, run_module):
    virt_tune.replay("lab-rollback-done")

    result = run_module(virt_tune_rollback, dict(domains=["web01"], force=True))

    assert virt_tune.calls() == [["rollback", "web01", "--force", "--yes", "--execute", "--json"]]
    assert result["changed"] and result["domains"][0]["result"] == "done"


def test_rolling_back_again_is_ok(virt_tune, run_module):
    virt_tune.replay("lab-rollback-again")

    result = run_module(virt_tune_rollback, dict(domains=["web01"], force=True))

    assert not result["changed"] and not result.get("failed")
    assert result["domains"][0]["detail"] == "already rolled back"


def test_the_selection_maps_onto_rollbacks(virt_tune, run_module):
    virt_tune.replay("lab-rollback-again")

    run_module(virt_tune_rollback, dict(all=True, exclude=["db*"], state_dir="/srv/state"))

    assert virt_tune.calls() == [["rollback", "--all", "--exclude", "db*", "--state-dir", "/srv/state", "--execute",
                                  "--json"]]

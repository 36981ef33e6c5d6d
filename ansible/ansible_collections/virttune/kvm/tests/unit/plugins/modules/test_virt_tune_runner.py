# -*- coding: utf-8 -*-
"""What every module does before and around virt-tune: finds it, checks its version, and fails
with virt-tune's own message when it printed no document or another schema."""

from ansible_collections.virttune.kvm.plugins.modules import virt_tune_facts, virt_tune_plan


def test_a_host_without_virt_tune_fails_saying_to_install_it(virt_tune, run_module):
    result = run_module(virt_tune_facts, {})

    assert result["failed"]
    assert "virt-tune is not installed on this host" in result["msg"]
    assert "Debian package" in result["msg"]


def test_a_virt_tune_older_than_the_collection_needs_fails_naming_both_versions(virt_tune, run_module):
    virt_tune.install(version_text="virt-tune 0.0.9\n")

    result = run_module(virt_tune_facts, {})

    assert result["failed"]
    assert "virt-tune 0.0.9" in result["msg"] and "older than 0.1.0" in result["msg"]
    assert result["virt_tune_version"] == "0.0.9"
    assert virt_tune.calls() == []


def test_a_virt_tune_that_does_not_say_its_version_fails(virt_tune, run_module):
    virt_tune.install(version_text="something else\n")

    result = run_module(virt_tune_facts, {})

    assert result["failed"]
    assert "did not say its version" in result["msg"]
    assert virt_tune.calls() == []


def test_the_recorded_virt_tune_is_new_enough(virt_tune, run_module):
    virt_tune.replay("example-inspect")

    result = run_module(virt_tune_facts, {})

    assert not result.get("failed")


def test_a_command_that_prints_no_document_fails_with_virt_tunes_message(virt_tune, run_module, tmp_path):
    virt_tune.replay("example-plan-no-vg")

    result = run_module(virt_tune_plan, dict(domains=["web01"], vg="vg_none", dest=str(tmp_path / "plan.json")))

    assert result["failed"]
    assert result["rc"] == 3 and result["refused"]
    assert "volume group vg_none does not exist on this host" in result["msg"]
    assert not (tmp_path / "plan.json").exists()


def test_a_document_of_another_schema_fails_naming_it(virt_tune, run_module):
    virt_tune.replay("lab-apply-done")

    result = run_module(virt_tune_facts, {})

    assert result["failed"]
    assert "schema virt-tune/apply version 1 where this collection reads virt-tune/inspect" in result["msg"]

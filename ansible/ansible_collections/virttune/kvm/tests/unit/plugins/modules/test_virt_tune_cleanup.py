# -*- coding: utf-8 -*-
"""virt_tune_cleanup: deletes nothing unless remove_source_images asks."""

from ansible_collections.virttune.kvm.plugins.modules import virt_tune_cleanup


def test_without_remove_source_images_it_is_a_dry_run_and_ok(virt_tune, run_module):
    virt_tune.replay("lab-cleanup-check")

    result = run_module(virt_tune_cleanup, dict(domains=["web01"]))

    assert virt_tune.calls() == [["cleanup", "web01", "--json"]]
    assert not result["changed"] and not result.get("failed")
    assert result["domains"][0]["detail"] == "1 source image(s) would be removed"
    assert "nothing removed" in result["msg"]


def test_check_mode_with_remove_source_images_is_the_dry_run_and_changed(virt_tune, run_module):
    virt_tune.replay("lab-cleanup-check")

    result = run_module(virt_tune_cleanup, dict(domains=["web01"], remove_source_images=True), check_mode=True)

    assert virt_tune.calls() == [["cleanup", "web01", "--json"]]
    assert result["changed"]


def test_check_mode_without_remove_source_images_would_change_nothing(virt_tune, run_module):
    virt_tune.replay("lab-cleanup-check")

    result = run_module(virt_tune_cleanup, dict(domains=["web01"]), check_mode=True)

    assert not result["changed"]


def test_remove_source_images_executes_and_a_rolled_back_migration_is_refused(virt_tune, run_module):
    virt_tune.replay("lab-cleanup-nothing")

    result = run_module(virt_tune_cleanup, dict(domains=["web01"], remove_source_images=True))

    assert virt_tune.calls() == [["cleanup", "web01", "--execute", "--yes", "--json"]]
    assert result["failed"] and result["refused"]
    assert "is rolled back, not completed and verified" in result["msg"]

# -*- coding: utf-8 -*-
"""virt_tune_plan: writes the host's plan when it changed, returns its summary and diffs."""

import json

from ansible_collections.virttune.kvm.plugins.modules import virt_tune_plan
from conftest import recorded_stdout


def plan_args(tmp_path, **more):
    return dict(dict(domains=["web01"], vg="vg_vms", hugepages=False, dest=str(tmp_path / "plan.json")), **more)


def test_a_new_plan_is_written_and_summarised(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-plan")

    result = run_module(virt_tune_plan, plan_args(tmp_path))

    assert result["changed"]
    assert json.loads((tmp_path / "plan.json").read_text()) == json.loads(recorded_stdout("lab-plan"))
    assert result["plan"] == json.loads(recorded_stdout("lab-plan"))
    assert result["outcomes"] == {"MIGRATE": 1}
    web01 = result["domains"][0]
    assert web01["name"] == "web01" and web01["disks"][0]["destination"] == "/dev/vg_vms/web01-sda"
    assert web01["diff"].startswith("--- web01.xml (current)")
    assert "originalXml" not in web01


def test_the_same_plan_made_again_later_is_ok_and_the_file_is_kept(virt_tune, run_module, tmp_path):
    (tmp_path / "plan.json").write_text(recorded_stdout("lab-plan"))
    virt_tune.replay("lab-plan-again")

    result = run_module(virt_tune_plan, plan_args(tmp_path))

    assert not result["changed"]
    assert (tmp_path / "plan.json").read_text() == recorded_stdout("lab-plan")


def test_a_plan_that_differs_replaces_the_file(virt_tune, run_module, tmp_path):
    (tmp_path / "plan.json").write_text(recorded_stdout("lab-plan"))
    virt_tune.replay("lab-plan-migrated")

    result = run_module(virt_tune_plan, plan_args(tmp_path))

    assert result["changed"]
    assert result["outcomes"] == {"UNCHANGED": 1}
    assert json.loads((tmp_path / "plan.json").read_text()) == json.loads(recorded_stdout("lab-plan-migrated"))


def test_check_mode_says_the_file_would_change_and_writes_nothing(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-plan")

    result = run_module(virt_tune_plan, plan_args(tmp_path), check_mode=True)

    assert result["changed"]
    assert not (tmp_path / "plan.json").exists()


def test_diff_mode_shows_each_domain_s_definition_current_and_planned(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-plan")
    planned = json.loads(recorded_stdout("lab-plan"))["domains"][0]

    result = run_module(virt_tune_plan, plan_args(tmp_path), diff=True)

    assert result["diff"] == [dict(before_header="web01 (current definition)", before=planned["originalXml"],
                                   after_header="web01 (planned)", after=planned["newXml"])]


def test_an_unchanged_domain_has_no_diff(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-plan-migrated")

    result = run_module(virt_tune_plan, plan_args(tmp_path), diff=True)

    assert result["diff"] == []


def test_the_options_map_onto_plans(virt_tune, run_module, tmp_path):
    virt_tune.replay("example-plan")

    run_module(virt_tune_plan, dict(
        all=True, exclude=["db*"], thin_pool="vg_fast/tpool", create_thin_pool="200G", chunk_size="4M",
        thin_zeroing=False, accept_thin_zeroing_risk=True, cache="writeback", accept_writeback_risk=True, reserve=5,
        drop_snapshots=True, live=True, synchronous_writes=True, bandwidth="64M", copy_rate="180M", window="4h",
        virtio_ready=["win11-desk"], connect="test:///x", host_facts="/srv/hv01", state_dir="/srv/state",
        dest=str(tmp_path / "plan.json")))

    assert virt_tune.calls() == [[
        "plan", "--all", "--exclude", "db*", "--connect", "test:///x", "--thin-pool", "vg_fast/tpool",
        "--create-thin-pool", "200G", "--chunk-size", "4M", "--accept-thin-zeroing-risk", "--cache", "writeback",
        "--accept-writeback-risk", "--reserve", "5", "--drop-snapshots", "--live", "--synchronous-writes",
        "--bandwidth", "64M", "--copy-rate", "180M", "--window", "4h", "--virtio-ready", "win11-desk",
        "--host-facts", "/srv/hv01", "--state-dir", "/srv/state", "--thin-zeroing", "off", "--json"]]


def test_hugepages_off_is_no_hugepages(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-plan")

    run_module(virt_tune_plan, plan_args(tmp_path))

    assert virt_tune.calls() == [["plan", "web01", "--vg", "vg_vms", "--no-hugepages", "--json"]]


def test_a_target_is_required(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-plan")

    result = run_module(virt_tune_plan, dict(domains=["web01"], dest=str(tmp_path / "plan.json")))

    assert result["failed"] and "one of the following is required: vg, thin_pool" in result["msg"]
    assert virt_tune.calls() == []

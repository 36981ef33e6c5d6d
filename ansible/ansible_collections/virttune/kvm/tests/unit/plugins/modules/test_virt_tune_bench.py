# -*- coding: utf-8 -*-
"""virt_tune_bench: a labelled bench, failures with every reason."""

import json

from ansible_collections.virttune.kvm.plugins.modules import virt_tune_bench
from conftest import recorded_stdout


def test_a_stored_run_is_changed(virt_tune, run_module):
    virt_tune.replay("lab-bench-before")

    result = run_module(virt_tune_bench, dict(domains=["bench01"], label="before", quick=True, device="/dev/sda",
                                              destructive=True))

    assert virt_tune.calls() == [["bench", "bench01", "--label", "before", "--quick", "--device", "/dev/sda",
                                  "--destructive", "--json"]]
    assert result["changed"] and not result.get("failed")
    assert result["domains"][0]["result"] == "done" and "stored as 'before'" in result["domains"][0]["detail"]


def test_compare_with_compares_each_guest_benched_and_writes_its_reports(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-bench-after", "lab-bench-compare")
    reports = tmp_path / "reports"

    result = run_module(virt_tune_bench, dict(domains=["bench01"], label="after", quick=True, device="/dev/sda",
                                              destructive=True, compare_with="before", report_dir=str(reports)))

    assert virt_tune.calls()[1] == ["bench", "compare", "bench01", "before", "after", "--html",
                                    str(reports / "bench01.html"), "--json"]
    comparison = json.loads(recorded_stdout("lab-bench-compare"))
    assert result["changed"] and result["comparisons"] == [comparison]
    assert json.loads((reports / "bench01.json").read_text()) == comparison


def test_a_guest_that_does_not_run_fails_with_the_reason(virt_tune, run_module):
    virt_tune.replay("lab-bench-not-running")

    result = run_module(virt_tune_bench, dict(domains=["web01"], label="before", quick=True))

    assert virt_tune.calls() == [["bench", "web01", "--label", "before", "--quick", "--json"]]
    assert result["failed"] and not result["refused"] and result["rc"] == 1
    assert result["msg"] == ("virt-tune bench: web01 failed: domain 'web01' is shut off; bench measures a running"
                             " guest: start it first")


def test_no_comparison_is_made_for_a_guest_not_benched(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-bench-not-running")

    result = run_module(virt_tune_bench, dict(domains=["web01"], label="after", compare_with="before",
                                              report_dir=str(tmp_path / "reports")))

    assert len(virt_tune.calls()) == 1
    assert result["comparisons"] == [] and result["failed"]


def test_the_options_map_onto_benchs(virt_tune, run_module):
    virt_tune.replay("lab-bench-not-running")

    run_module(virt_tune_bench, dict(all=True, exclude=["db*"], label="after", size="256M", runtime=10, loops=3,
                                     scratch_disk="vdb", destructive=True, disk="vdb", fio="/usr/local/bin/fio",
                                     host_ceiling="/srv/scratch.fio", state_dir="/srv/bench"))

    assert virt_tune.calls() == [[
        "bench", "--all", "--exclude", "db*", "--label", "after", "--size", "256M", "--runtime", "10", "--loops",
        "3", "--scratch-disk", "vdb", "--destructive", "--disk", "vdb", "--fio", "/usr/local/bin/fio",
        "--host-ceiling", "/srv/scratch.fio", "--state-dir", "/srv/bench", "--json"]]


def test_a_report_dir_needs_a_label_to_compare_with(virt_tune, run_module, tmp_path):
    virt_tune.replay("lab-bench-not-running")

    result = run_module(virt_tune_bench, dict(all=True, label="after", report_dir=str(tmp_path)))

    assert result["failed"] and "report_dir" in result["msg"]
    assert virt_tune.calls() == []

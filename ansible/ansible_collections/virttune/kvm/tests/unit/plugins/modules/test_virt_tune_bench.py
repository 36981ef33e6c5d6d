# -*- coding: utf-8 -*-
"""virt_tune_bench: a labelled bench, failures with every reason."""

from ansible_collections.virttune.kvm.plugins.modules import virt_tune_bench


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

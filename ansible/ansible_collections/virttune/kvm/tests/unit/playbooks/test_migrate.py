# -*- coding: utf-8 -*-
"""The rolling migration playbook, run by ansible-playbook on this machine against the stand-in
virt-tune replaying recordings: --check --diff reads, plans and shows the definition's diff
through the dry run, and changes nothing; a refused apply stops the play. A guest's boot timeout
of 10 s keeps a wait that should not happen from holding the tests for minutes."""

import os
import subprocess

COLLECTIONS = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", ".."))


def run_playbook(virt_tune, tmp_path, *options):
    environment = dict(os.environ, ANSIBLE_COLLECTIONS_PATH=COLLECTIONS, ANSIBLE_NOCOLOR="1",
                       ANSIBLE_LOCAL_TEMP=str(tmp_path / "local-tmp"), ANSIBLE_REMOTE_TEMP=str(tmp_path / "remote-tmp"),
                       PATH=os.pathsep.join([str(virt_tune.bin), "/usr/bin", "/bin"]))
    return subprocess.run(
        ["ansible-playbook", "-i", "localhost,", "-c", "local", "virttune.kvm.migrate", "-e", "ansible_become=false",
         "-e", "ansible_python_interpreter=/usr/bin/python3", "-e", "virt_tune_hosts=localhost",
         "-e", "virt_tune_vg=vg_vms", "-e", "virt_tune_domains=['web01']", "-e", "virt_tune_boot_timeout=10",
         "-e", "virt_tune_plan_file=%s" % (tmp_path / "plan.json"),
         "-e", "virt_tune_report_dir=%s" % (tmp_path / "reports"),
         "-e", "virt_tune_fetch_dir=%s" % (tmp_path / "fetched")] + list(options),
        env=environment, capture_output=True, text=True, check=False)


def test_check_and_diff_show_the_plan_and_change_nothing(virt_tune, tmp_path):
    virt_tune.replay("lab-inspect", "lab-plan", "lab-apply-check")

    run = run_playbook(virt_tune, tmp_path, "--check", "--diff")

    assert run.returncode == 0, run.stdout + run.stderr
    assert [call[0] for call in virt_tune.calls()] == ["inspect", "plan", "apply"]
    assert "--execute" not in virt_tune.calls()[2]
    assert "+  <iothreads>1</iothreads>" in run.stdout
    assert "failed=0" in run.stdout
    assert not (tmp_path / "plan.json").exists() and not (tmp_path / "reports").exists()


def test_a_refused_apply_fails_the_host_and_the_play_stops(virt_tune, tmp_path):
    virt_tune.replay("lab-inspect", "lab-plan", "lab-apply-refused")

    run = run_playbook(virt_tune, tmp_path)

    assert run.returncode != 0
    assert "the definition of 'web01' changed since it was planned" in run.stdout
    assert "failed=1" in run.stdout
    assert not (tmp_path / "fetched").exists()


def test_check_mode_shuts_no_running_guest_down_and_benches_none(virt_tune, tmp_path):
    virt_tune.replay("example-inspect", "example-plan", "example-apply-other-host")

    run = run_playbook(virt_tune, tmp_path, "--check", "-e", "virt_tune_domains=[]")

    assert [call[0] for call in virt_tune.calls()] == ["inspect", "plan", "apply"]
    for task in ("Bench the running guests before", "Shut the running guests down", "Wait until they are shut off"):
        section = run.stdout.split("TASK [" + task)[1].split("TASK [")[0]
        assert "changed:" not in section and "ok:" not in section and "failed" not in section, section
    assert "the plan was made for hostname 'hv01'" in run.stdout and "failed=1" in run.stdout

# -*- coding: utf-8 -*-
"""Runs a module of the collection as Ansible runs it (its arguments, check and diff mode as
Ansible passes them; its result as the JSON it prints) against a stand-in virt-tune on PATH that
replays what the real one printed (outputs/, recorded by scripts/record-collection-outputs) and
notes every command line it was given."""

import json
import os
import stat
import sys

import pytest

from ansible.module_utils import basic
from ansible.module_utils.common.text.converters import to_bytes

OUTPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plugins", "modules", "outputs")

# The stand-in: --version prints FAKE_VIRT_TUNE_VERSION_TEXT when set (another virt-tune's), else
# the real one's recording; every other call prints the next recording of FAKE_VIRT_TUNE_REPLAY (comma-separated),
# with its stderr and exit status. Each call's arguments are appended to FAKE_VIRT_TUNE_CALLS.
STAND_IN = r'''#!{python}
import json, os, sys
outputs = {outputs!r}
calls_file = os.environ["FAKE_VIRT_TUNE_CALLS"]
with open(calls_file, "a") as calls:
    calls.write(json.dumps(sys.argv[1:]) + "\n")
if sys.argv[1:] == ["--version"] and "FAKE_VIRT_TUNE_VERSION_TEXT" in os.environ:
    sys.stdout.write(os.environ["FAKE_VIRT_TUNE_VERSION_TEXT"])
    sys.exit(0)
if sys.argv[1:] == ["--version"]:
    recording = "version"
else:
    with open(calls_file) as calls:
        made = sum(1 for line in calls if json.loads(line) != ["--version"])
    recording = os.environ["FAKE_VIRT_TUNE_REPLAY"].split(",")[made - 1]
def recorded(name):
    with open(os.path.join(outputs, recording, name)) as part:
        return part.read()
sys.stdout.write(recorded("stdout"))
sys.stderr.write(recorded("stderr"))
sys.exit(int(recorded("rc")))
'''


def recorded_stdout(name):
    with open(os.path.join(OUTPUTS, name, "stdout")) as stdout:
        return stdout.read()


class VirtTuneStandIn(object):
    """The stand-in virt-tune on PATH, and what it was asked."""

    def __init__(self, tmp_path, monkeypatch):
        self.bin = tmp_path / "bin"
        self.bin.mkdir()
        self.calls_file = tmp_path / "calls"
        self.monkeypatch = monkeypatch
        # Only the stand-in's directory: a virt-tune installed on this machine is never found instead.
        monkeypatch.setenv("PATH", str(self.bin))
        monkeypatch.setenv("FAKE_VIRT_TUNE_CALLS", str(self.calls_file))

    def install(self, version_text=None):
        """The stand-in on PATH; with VERSION_TEXT, what its --version prints instead of the real one's."""
        executable = self.bin / "virt-tune"
        executable.write_text(STAND_IN.format(python=sys.executable, outputs=OUTPUTS))
        executable.chmod(executable.stat().st_mode | stat.S_IXUSR)
        if version_text is not None:
            self.monkeypatch.setenv("FAKE_VIRT_TUNE_VERSION_TEXT", version_text)

    def replay(self, *recordings):
        self.install()
        self.monkeypatch.setenv("FAKE_VIRT_TUNE_REPLAY", ",".join(recordings))

    def calls(self):
        """The argument lists virt-tune was called with, but --version."""
        if not self.calls_file.exists():
            return []
        lines = self.calls_file.read_text().splitlines()
        return [call for call in map(json.loads, lines) if call != ["--version"]]


@pytest.fixture
def virt_tune(tmp_path, monkeypatch):
    return VirtTuneStandIn(tmp_path, monkeypatch)


@pytest.fixture
def run_module(tmp_path, monkeypatch, capsys):
    """run_module(module, args, check_mode=False, diff=False): the result the module printed."""

    def run(module, args, check_mode=False, diff=False):
        arguments = dict(args, _ansible_check_mode=check_mode, _ansible_diff=diff,
                         _ansible_remote_tmp=str(tmp_path / "remote-tmp"), _ansible_keep_remote_files=False)
        monkeypatch.setattr(basic, "_ANSIBLE_ARGS", to_bytes(json.dumps(dict(ANSIBLE_MODULE_ARGS=arguments))))
        # ansible-core 2.19 (Debian 13) reads the arguments in a serialization profile, which its own
        # patch_module_args sets to legacy; without one every module fails. 2.14 has no profile.
        monkeypatch.setattr(basic, "_ANSIBLE_PROFILE", "legacy", raising=False)
        with pytest.raises(SystemExit):
            module.main()
        return json.loads(capsys.readouterr().out)

    return run

# -*- coding: utf-8 -*-
"""The one door from the collection's modules to the host's virt-tune: finds it, checks its
version, runs a command with --json and hands back the document it printed, checked against
the schema the command writes (docs/json.md)."""

import json
import re

# The version that first wrote every schema the modules read (each at version 1) with the
# results' reasons the modules' failures carry.
MINIMUM_VERSION = (0, 1, 0)
# The newest version of the schemas the modules read; a newer one may have changed a field's meaning.
SCHEMA_VERSION = 1
INSTALL_HINT = "install the virt-tune Debian package on this host (docs/package.md)"

# What a command's options of the same name mean is the same in every command that has them.
SELECTION_ARGUMENTS = dict(
    domains=dict(type="list", elements="str", default=[]),
    all=dict(type="bool", default=False),
    exclude=dict(type="list", elements="str", default=[]),
)
CONNECTION_ARGUMENTS = dict(
    connect=dict(type="str"),
)
STATE_ARGUMENTS = dict(
    state_dir=dict(type="path"),
)


def selection_argv(params):
    """The domains a command acts on: names and globs, --all, and --exclude."""
    argv = list(params["domains"])
    if params["all"]:
        argv.append("--all")
    for pattern in params["exclude"]:
        argv += ["--exclude", pattern]
    return argv


def option_argv(params, options):
    """Each option of OPTIONS (module parameter to virt-tune option) that is set: a flag for a
    true boolean, else the option with its value."""
    argv = []
    for name, option in options.items():
        value = params.get(name)
        if value is None or value is False:
            continue
        if value is True:
            argv.append(option)
        elif isinstance(value, list):
            for item in value:
                argv += [option, str(item)]
        else:
            argv += [option, str(value)]
    return argv


def parse_version(text):
    """(major, minor, patch) of what `virt-tune --version` prints, or None when it is not that."""
    match = re.match(r"^virt-tune (\d+)\.(\d+)\.(\d+)\b", text.strip())
    return tuple(int(part) for part in match.groups()) if match else None


def dotted(version):
    return ".".join(str(part) for part in version)


class VirtTune(object):
    """The host's virt-tune, found on PATH and checked to be new enough when made."""

    def __init__(self, module):
        self.module = module
        self.path = module.get_bin_path("virt-tune")
        if self.path is None:
            module.fail_json(msg="virt-tune is not installed on this host (not found on PATH): " + INSTALL_HINT)
        self.version = self._checked_version()

    def _checked_version(self):
        rc, out, err = self.module.run_command([self.path, "--version"])
        version = parse_version(out) if rc == 0 else None
        if version is None:
            self.module.fail_json(
                msg="%s --version did not say its version (exit %d): %s" % (self.path, rc, (err or out).strip()),
                rc=rc, stdout=out, stderr=err)
        if version < MINIMUM_VERSION:
            self.module.fail_json(
                msg="virt-tune %s at %s is older than %s, the oldest this collection works with: %s"
                    % (dotted(version), self.path, dotted(MINIMUM_VERSION), INSTALL_HINT),
                virt_tune_version=dotted(version))
        return version

    def run(self, argv, schema):
        """Runs virt-tune ARGV --json and returns (exit status, its document, stderr). Fails the
        task when it printed no document (a usage error, a refusal before any result, libvirt
        out of reach): its last message says why."""
        command = [self.path] + argv + ["--json"]
        rc, out, err = self.module.run_command(command)
        if not out.strip():
            self.module.fail_json(
                msg="virt-tune %s failed (exit %d): %s" % (argv[0], rc, last_message(err)),
                rc=rc, cmd=command, stderr=err, refused=rc == 3)
        try:
            document = json.loads(out)
        except ValueError as error:
            self.module.fail_json(msg="virt-tune %s printed no JSON document: %s" % (argv[0], error),
                                  rc=rc, cmd=command, stdout=out, stderr=err)
        self._check_schema(document, schema, command)
        return rc, document, err

    def _check_schema(self, document, schema, command):
        found = (document.get("schema"), document.get("version"))
        if found[0] != schema or not isinstance(found[1], int) or found[1] > SCHEMA_VERSION:
            self.module.fail_json(
                msg="virt-tune printed schema %s version %s where this collection reads %s up to version %d:"
                    " use a collection as new as the host's virt-tune" % (found[0], found[1], schema, SCHEMA_VERSION),
                cmd=command)


def last_message(stderr):
    """virt-tune's error from its stderr, as a person reads it: its last line that names virt-tune
    (a usage error ends with a line saying where help is), else its last line."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    own = [line for line in lines if line.startswith("virt-tune:")]
    return (own or lines or ["no message"])[-1]

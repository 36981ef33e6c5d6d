"""Makes, for ansible-test sanity, the virtual environments it would otherwise fill with pip from
PyPI (which this project's machines cannot reach): one per sanity test, where and as ansible-test
looks for them (~/.ansible/test/venv/sanity.TEST/PYTHON/HASH, ready once marker.txt is there),
each seeing the Debian packages that provide the test's requirements (--system-site-packages).
Run by scripts/check-collection.sh from the collection's directory with Debian's python3; prints
each one it made. The names come from ansible-test 2.14's own code (ansible_test._internal), so
the paths are the ones it computes."""
import json
import os
import subprocess
import sys

from ansible_test._internal.commands.sanity import SanitySingleVersion, hash_pip_commands, sanity_get_tests
from ansible_test._internal.host_configs import NativePythonConfig
from ansible_test._internal.python_requirements import collect_requirements

VERSION = "%d.%d" % sys.version_info[:2]
PYTHON = NativePythonConfig(version=VERSION, path=sys.executable)


def virtual_environments():
    """(name, minimize) of every environment sanity asks for: each single-version test's, and the
    import test's (its own, and the minimal ones it imports modules and plugins in)."""
    names = [(test.name, False) for test in sanity_get_tests() if isinstance(test, SanitySingleVersion)]
    return names + [("import", False), ("import.module", True), ("import.plugin", True)]


def make(name, minimize):
    commands = collect_requirements(python=PYTHON, controller=True, virtualenv=False, command=None, ansible=False,
                                    cryptography=False, coverage=False, minimize=minimize, sanity=name)
    label = "sanity." + name if commands else "sanity"
    path = os.path.join(os.path.expanduser("~/.ansible/test/venv"), label, VERSION, hash_pip_commands(commands))
    if os.path.exists(os.path.join(path, "marker.txt")):
        return
    subprocess.run([sys.executable, "-m", "venv", "--clear", "--without-pip", "--system-site-packages", path],
                   check=True)
    with open(os.path.join(path, "meta.install.json"), "w") as meta:
        json.dump([command.serialize() for command in commands], meta)
    # Debian's python3-yaml has libyaml, which the tests that need it ask for.
    with open(os.path.join(path, "meta.yaml.json"), "w") as meta:
        json.dump(True, meta)
    open(os.path.join(path, "marker.txt"), "w").close()
    print(path)


for environment in virtual_environments():
    make(*environment)

#!/usr/bin/env bash
# Checks the Ansible collection virttune.kvm (ansible/ansible_collections/virttune/kvm,
# docs/ansible.md) and builds it: ansible-test sanity with Debian's ansible-core, each test that
# applies to the collection required to run (none may be skipped), the module and playbook tests
# (pytest) against a stand-in virt-tune replaying recorded outputs, then the collection tarball
# target/virttune-kvm-VERSION.tar.gz, its version the pom's. Prints the tarball's path (all else
# goes to stderr). About a minute.
set -euo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
root=$(project_root)
collection=$root/ansible/ansible_collections/virttune/kvm

# The sanity tests' requirements as Debian packages, in place of the pins ansible-test installs
# with pip: voluptuous (validate-modules, runtime-metadata), pylint, pycodestyle (pep8), yamllint,
# PyYAML and Jinja2 (ansible-doc, import); python3-venv for the environments they run in.
ensure_packages ansible-core python3-venv python3-pytest python3-voluptuous pylint python3-pycodestyle yamllint \
  python3-yaml python3-jinja2 python3-packaging
# Debian's Python, which has ansible-core and those packages, whatever python3 comes first on PATH.
python=/usr/bin/python3
python_version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')

pom_version=$(sed -n 's|^  <version>\(.*\)</version>|\1|p' "$root/pom.xml" | head -n 1)
collection_version=$(sed -n 's/^version: //p' "$collection/galaxy.yml")
[[ $collection_version == "$pom_version" ]] \
  || die "galaxy.yml's version is $collection_version, the pom's $pom_version: make them the same"

# The tests that apply to the collection; the others find nothing to check in it (no changelog,
# no __init__.py, no PowerShell or shell scripts, no Python 2: tests/config.yml).
readonly required_sanity=(
  action-plugin-docs ansible-doc compile ignores import line-endings no-assert no-basestring no-dict-iteritems
  no-dict-iterkeys no-dict-itervalues no-get-exception no-illegal-filenames no-main-display no-smart-quotes
  no-unicode-literals pep8 pylint replace-urlopen runtime-metadata shebang symlinks use-argspec-type-path
  use-compat-six validate-modules yamllint
)
log "ansible-test sanity of virttune.kvm (ansible-core $(dpkg-query -W -f='${Version}' ansible-core), Python $python_version)"
cd "$collection"
"$python" "$root/scripts/lib/ansible-test-venvs.py" >/dev/null
rm -rf tests/output
ansible-test sanity --local --python "$python_version" --color no --junit >&2 \
  || die "ansible-test sanity failed (above)"
for test in "${required_sanity[@]}"; do
  junit=$(compgen -G "tests/output/junit/ansible-test-sanity-$test.xml" \
    || compgen -G "tests/output/junit/ansible-test-sanity-$test-python-$python_version.xml") \
    || die "ansible-test sanity did not run '$test': it has no result in tests/output/junit"
  if grep -q '<skipped' "$junit"; then
    die "ansible-test sanity skipped '$test': $(grep -o 'skipped="[^"]*"\|<skipped[^>]*>[^<]*' "$junit" | head -n 1)"
  fi
done
log "sanity: ${#required_sanity[@]} tests ran and passed"

log "module and playbook tests (pytest)"
PYTHONPATH=$root/ansible "$python" -m pytest -q -p no:cacheprovider tests/unit >&2

mkdir -p "$root/target"
tarball=$root/target/virttune-kvm-$collection_version.tar.gz
ansible-galaxy collection build --force --output-path "$root/target" "$collection" >&2
[[ -f $tarball ]] || die "ansible-galaxy collection build did not write $tarball"
echo "$tarball"

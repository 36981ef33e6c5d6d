# -*- coding: utf-8 -*-
"""Each module's documentation as ansible-doc shows it: the attributes every module has are
documented once, in the collection's doc fragment (as ansible-core's action_common_attributes
does), and each module gives only its own support and details, which ansible-doc merges in."""

import json
import os
import subprocess

import pytest
import yaml

COLLECTIONS = os.path.abspath(os.path.join(os.path.dirname(__file__), *[os.pardir] * 6))
MODULES_DIR = os.path.join(COLLECTIONS, "ansible_collections", "virttune", "kvm", "plugins", "modules")
MODULES = sorted(name[:-3] for name in os.listdir(MODULES_DIR) if name.startswith("virt_tune_") and name.endswith(".py"))
COMMON = ("check_mode", "diff_mode", "platform")


def own_documentation(module):
    """The DOCUMENTATION the module's file writes, before any fragment."""
    with open(os.path.join(MODULES_DIR, module + ".py")) as source:
        text = source.read()
    start = text.index("DOCUMENTATION = r'''") + len("DOCUMENTATION = r'''")
    return yaml.safe_load(text[start:text.index("'''", start)])


@pytest.fixture(scope="module")
def shown():
    """ansible-doc's JSON of every module, the fragments merged in."""
    environment = dict(os.environ, ANSIBLE_COLLECTIONS_PATH=COLLECTIONS, LC_ALL="C.UTF-8")
    output = subprocess.run(["ansible-doc", "--json"] + ["virttune.kvm." + module for module in MODULES],
                            env=environment, check=True, capture_output=True, text=True).stdout
    return {name.split(".")[-1]: entry["doc"] for name, entry in json.loads(output).items()}


def test_every_module_is_documented():
    assert MODULES == ["virt_tune_apply", "virt_tune_bench", "virt_tune_cleanup", "virt_tune_facts", "virt_tune_plan",
                       "virt_tune_rollback"]


@pytest.mark.parametrize("module", MODULES)
def test_a_module_gives_only_its_support_and_details_of_the_common_attributes(module):
    attributes = own_documentation(module)["attributes"]

    assert {name: sorted(set(attributes[name]) - {"support", "details"}) for name in COMMON if name in attributes} == {
        name: [] for name in COMMON if name in attributes}


@pytest.mark.parametrize("module", MODULES)
def test_ansible_doc_shows_each_common_attribute_whole(shown, module):
    attributes = shown[module]["attributes"]

    for name in COMMON:
        assert attributes[name]["description"] and attributes[name]["details"], (name, attributes[name])
        assert attributes[name]["support"] in ("full", "partial", "none"), (name, attributes[name])
    assert attributes["platform"]["platforms"] == "posix"
    assert attributes["platform"]["support"] == "full"

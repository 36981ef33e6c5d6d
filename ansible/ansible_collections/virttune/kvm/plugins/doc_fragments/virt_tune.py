# -*- coding: utf-8 -*-
"""The options every module of the collection shares, documented once."""


class ModuleDocFragment(object):

    # What every module needs on the host, and its libvirt URI; the attributes every module has,
    # each module giving its own support and details (ansible-doc merges them, the module's winning).
    DOCUMENTATION = r'''
options:
  connect:
    description:
      - The libvirt URI (virt-tune's C(--connect)).
      - Default is C($LIBVIRT_DEFAULT_URI), else C(qemu:///system); for M(virttune.kvm.virt_tune_apply), the plan's.
    type: str
attributes:
  check_mode:
    description: Can run in check mode and say whether it would change the host, without changing it.
  diff_mode:
    description: Returns what it changed (or would change, in check mode) in diff mode.
  platform:
    description: The hosts it runs on.
    platforms: posix
    support: full
requirements:
  - virt-tune 0.1.0 or later installed on the managed host (the C(virt-tune) Debian package), found on C(PATH).
notes:
  - The module runs the host's own C(virt-tune --json) and fails, saying so, when it is not installed or older than 0.1.0.
  - Fleets are Ansible's to run (C(serial), C(max_fail_percentage), C(--limit)); the modules act on the host they run on, so
    virt-tune's own fleet options (C(--host), C(--hosts)) are not offered.
'''

    # Which domains a command acts on.
    SELECTION = r'''
options:
  domains:
    description:
      - Domain names or globs, as libvirt names the domains.
      - A name or glob that matches no domain of the host fails the task.
    type: list
    elements: str
    default: []
  all:
    description:
      - Every domain of the host.
    type: bool
    default: false
  exclude:
    description:
      - Globs of domains to leave out.
    type: list
    elements: str
    default: []
'''

    # Where virt-tune keeps its journals, backups and bench results.
    STATE = r'''
options:
  state_dir:
    description:
      - Where virt-tune keeps its journals and definition backups (bench, its stored runs).
      - Default is virt-tune's, C(/var/lib/virt-tune) (bench C(/var/lib/virt-tune/bench)).
    type: path
'''

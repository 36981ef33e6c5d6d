/**
 * The fleet: many hosts read, planned, applied, rolled back and benched at once from an inventory,
 * each host through its own door and its own virt-tune (docs/fleet.md).
 *
 * <h2>A command on every host ({@link FleetCommand}, {@link RemoteVirtTune})</h2>
 *
 * <p>A command is run on every host of a fleet by that host's own virt-tune over SSH, so that what
 * it reads and writes (the journal and backups a rollback undoes, the results a bench stores, the
 * host counters it samples) is that host's, exactly as the command run there by hand; at most
 * {@code parallel} hosts at once, a host that fails never stopping the others.
 *
 * <p>A host's own virt-tune runs with {@code --json}: what comes back is the domains of the results
 * document it prints (as apply, rollback and bench write it), or why there is none (not installed
 * there, or its last message). What it prints on stderr as it goes (its progress, with --json) is
 * passed on as it comes, each line after the host's name.
 *
 * <h2>Inventories ({@link InventoryFile}, {@link InventoryVariables})</h2>
 *
 * <p>An inventory is read by Ansible itself where it is installed: {@code ansible-inventory --list}
 * resolves group_vars/, host_vars/, plugins and precedence exactly as a playbook run would, so the
 * fleet is the hosts Ansible reaches, not an imitation of its rules. virt-tune's own INI and YAML
 * reader is only the fallback, and says so, since it cannot know what it misses.
 *
 * <p>Both ways end in {@link InventoryVariables}, the one place that says which variables virt-tune
 * reads and what it makes of them. A value it cannot take as given (vaulted, as no vault secret is
 * ever passed; a Jinja template, which ansible-inventory prints unevaluated) is kept with why, and
 * fails the host when that variable is read: like a wrong port, it is that host's problem, and the
 * rest of the fleet goes on; a fleet plan never keeps it.
 *
 * <h2>Host patterns ({@link HostPattern})</h2>
 *
 * <p>A pattern holds names of groups or hosts joined by {@code ,} or {@code :}, {@code all} or
 * {@code *}, wildcards ({@code hv*.paris}), regular expressions ({@code ~hv0[1-3]}), {@code &group}
 * to intersect and {@code !group} to exclude. As in Ansible, unions are taken first, then
 * intersections, then exclusions, whatever the order written. A term that selects nothing is an
 * error rather than a silently smaller fleet.
 */
package io.virttune.fleet;

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
 * <h2>Host patterns ({@link HostPattern})</h2>
 *
 * <p>A pattern holds names of groups or hosts joined by {@code ,} or {@code :}, {@code all} or
 * {@code *}, wildcards ({@code hv*.paris}), regular expressions ({@code ~hv0[1-3]}), {@code &group}
 * to intersect and {@code !group} to exclude. As in Ansible, unions are taken first, then
 * intersections, then exclusions, whatever the order written. A term that selects nothing is an
 * error rather than a silently smaller fleet.
 */
package io.virttune.fleet;

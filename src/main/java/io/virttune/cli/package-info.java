/**
 * The command line: one picocli class per command, options shared by commands declared once as
 * mixins, exit codes 0, 1, 2 and 3; it wires the other packages together and chooses which report
 * to render.
 *
 * <h2>The command tree ({@link CommandTree})</h2>
 *
 * <p>picocli reflects over every command it is given, options, mixins and all, before it parses a
 * word, and for the whole tree that took a third of a short run; so a command line that names its
 * subcommand gets that one alone, and any other (help, a mistyped name, no command) the whole tree,
 * which help and picocli's suggestions need. Which subcommand a line names is found by picocli
 * too: it parses the root's own options ({@code -c URI}, {@code -cURI}, {@code --connect=URI}) on
 * a root of their own, up to the first word it does not know, so that the two parses cannot read a
 * line differently.
 *
 * <h2>Completing guest names ({@link DomainCompletion})</h2>
 *
 * <p>The words after inspect, plan, bench, rollback and cleanup complete to the domains {@code
 * virsh list --all --name} gives on the URI the line names ({@code -c}/{@code --connect}, else
 * $LIBVIRT_DEFAULT_URI, else qemu:///system), read-only and within two seconds, so an unreachable
 * host completes nothing rather than hang the shell. picocli's script only knows names fixed at
 * build time.
 */
package io.virttune.cli;

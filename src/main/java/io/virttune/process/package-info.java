/**
 * Running commands ({@link ProcessRunner}): argv, never a shell string, on this machine or on
 * another host over SSH.
 *
 * <h2>No command outlives virt-tune ({@link LocalProcessRunner})</h2>
 *
 * <p>A {@code qemu-img convert} left running would go on writing into an LV that a resume or a
 * rollback is handling. So each command runs under {@code setpriv --pdeathsig KILL} (util-linux),
 * which makes the kernel kill it when the thread that started it dies, as every thread does when
 * the JVM is killed (SIGKILL, the OOM killer), which no shutdown hook sees; on SIGTERM or SIGINT
 * the {@link RunningChildren} hook stops it first, more gently. A command is started and
 * registered as one step, which the hook waits for: one starting as the stop comes still gets its
 * SIGTERM first; once the JVM is exiting only a cleanup's commands start ({@link CleanupOnSignal}),
 * as no other would be stopped gently. The starting thread waits for the command, so it cannot die before it but with
 * the JVM.
 *
 * <p>A command given a limit ({@link ProcessRunner#run(java.util.List, java.time.Duration)}) runs
 * in a process group of its own ({@code setsid}), so that the limit kills it with what it started
 * (an inventory script), which holds its output open; the {@link RunningChildren} hook stops that
 * group whole too, as a Ctrl-C at the terminal no longer reaches it.
 *
 * <p>{@code lvm} is the exception: cut short while it (de)activates a thin pool, it can leave the
 * pool's metadata LV active on its own, and LVM then refuses the pool (measured in the lab, see
 * {@code StrandedPool}). It writes no data, and each of its commands is short, so it runs to its
 * end: in a session of its own ({@code setsid}), where a Ctrl-C at the terminal (SIGINT to the
 * foreground process group) does not reach it, without the parent-death signal, with SIGPIPE
 * ignored (once virt-tune is gone, a write to its output pipes must fail, not kill it), and waited
 * for rather than stopped by the hook or an interrupt.
 *
 * <h2>Commands over SSH ({@link SshProcessRunner})</h2>
 *
 * <p>ssh runs in batch mode (never a password prompt), with the operator's own ~/.ssh/config and
 * known_hosts (an unknown host key fails the command rather than being accepted), and one shared
 * connection per host so that each command after the first costs no handshake, kept alive so that a
 * host that stops answering fails its commands in 30 s rather than when TCP gives up (unless the
 * operator's configuration sets its own keepalive, which ssh would otherwise let a command line
 * option override). ssh hands the remote side one string for its shell, so every word is quoted,
 * and the command runs in the C locale there as it does here, so tools print untranslated text.
 */
package io.virttune.process;

package io.virttune.process;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The commands this JVM started and has not yet seen end, so they can be listed and stopped with
 * it. One registry per JVM, as the shutdown hook that stops them on SIGTERM or SIGINT is.
 */
public final class RunningChildren {
    /** What the shutdown hook gives a child to stop cleanly on SIGTERM before it sends SIGKILL. */
    static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(5);

    /** How long the hook waits for a command that must run to its end (an lvm command takes seconds). */
    static final Duration RUN_TO_END_GRACE = Duration.ofSeconds(60);

    private static final Map<Process, Child> RUNNING = new ConcurrentHashMap<>();
    /** Held from a command's start to its registration, and by a stop while it reads who runs. */
    private static final Object STARTING = new Object();
    /** Whether this thread runs a cleanup now, whose commands start while the JVM exits. */
    private static final ThreadLocal<Boolean> CLEANING_UP = ThreadLocal.withInitial(() -> false);

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopAll(SHUTDOWN_GRACE), "stop-child-processes"));
    }

    private RunningChildren() {}

    /**
     * One running command: its pid, the argv virt-tune gave it, whether it must run to its end
     * rather than be stopped, and whether it leads a process group of its own, which is then
     * stopped whole, as a terminal's Ctrl-C cannot reach it.
     */
    public record Child(long pid, List<String> argv, boolean runsToItsEnd, boolean leadsItsGroup) {}

    /** Starts a command, the way {@code starter} does. */
    @FunctionalInterface
    interface Starter {
        Process start() throws IOException;
    }

    /** Why a command was not started: virt-tune is stopping. */
    static final class NotStarted extends Exception {
        private static final long serialVersionUID = 1L;

        NotStarted() {
            super("not started: virt-tune is stopping (SIGTERM or SIGINT)");
        }
    }

    /**
     * Starts a command and registers it as one step: a stop that came between the two would miss
     * it, and a child that dies with virt-tune would then get SIGKILL without the SIGTERM first.
     * Once the JVM is exiting only a cleanup's commands start ({@link #asCleanup}): work whose
     * command the stop ended may go on to its next one, which the stop would not reach and the
     * JVM's end would kill half-done.
     */
    static Process start(Starter starter, List<String> argv, boolean runsToItsEnd, boolean leadsItsGroup)
            throws IOException, NotStarted {
        synchronized (STARTING) {
            if (!CLEANING_UP.get() && exiting()) {
                throw new NotStarted();
            }
            Process process = starter.start();
            RUNNING.put(process, new Child(process.pid(), List.copyOf(argv), runsToItsEnd, leadsItsGroup));
            return process;
        }
    }

    /**
     * Whether the JVM is running its shutdown hooks, or about to: from then on it refuses new
     * hooks, as documented; the stop's hooks start only after that, so no stop precedes it.
     */
    private static boolean exiting() {
        Thread probe = new Thread(() -> {});
        try {
            Runtime.getRuntime().addShutdownHook(probe);
        } catch (IllegalStateException shuttingDown) {
            return true;
        }
        Runtime.getRuntime().removeShutdownHook(probe);
        return false;
    }

    /**
     * Runs {@code cleanup} on this thread with the commands it starts let start while the JVM exits
     * (an LV's removal, a metadata snapshot's release), whichever thread runs it: the signal's hook
     * or the work's own close as the stop unwinds it.
     */
    static void asCleanup(Runnable cleanup) {
        boolean outer = CLEANING_UP.get();
        CLEANING_UP.set(true);
        try {
            cleanup.run();
        } finally {
            CLEANING_UP.set(outer);
        }
    }

    static void ended(Process process) {
        RUNNING.remove(process);
    }

    /** The commands running now, oldest pid first. */
    public static List<Child> list() {
        List<Child> children = new ArrayList<>(RUNNING.values());
        children.sort((a, b) -> Long.compare(a.pid(), b.pid()));
        return children;
    }

    /**
     * Sends every running command SIGTERM (qemu-img stops between requests), waits up to {@code
     * grace} for all of them, then sends SIGKILL to those left. A command that must run to its end
     * is not signalled: it is waited for, up to {@link #RUN_TO_END_GRACE}, and left running after.
     */
    public static void stopAll(Duration grace) {
        Map<Process, Child> running;
        synchronized (STARTING) {
            running = Map.copyOf(RUNNING);
        }
        Map<Boolean, List<Process>> byEnd = running.keySet().stream()
                .collect(Collectors.partitioningBy(
                        process -> running.get(process).runsToItsEnd()));
        // Signalled through their handles: Process.destroy() also closes the pipes, and a command
        // stopping cleanly would lose its last output and its runner fail with "Stream closed".
        byEnd.get(false).forEach(process -> terminate(process, running.get(process)));
        stillRunningAfter(byEnd.get(false), grace).forEach(process -> kill(process, running.get(process)));
        stillRunningAfter(byEnd.get(true), RUN_TO_END_GRACE);
    }

    private static void terminate(Process process, Child child) {
        if (child.leadsItsGroup()) {
            ProcessGroup.terminate(child.pid());
        } else {
            process.toHandle().destroy();
        }
    }

    private static void kill(Process process, Child child) {
        if (child.leadsItsGroup()) {
            ProcessGroup.kill(child.pid());
        } else {
            process.toHandle().destroyForcibly();
        }
    }

    /** Waits up to {@code grace} for all of {@code processes} to end; returns those that did not. */
    private static List<Process> stillRunningAfter(List<Process> processes, Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        try {
            for (Process process : processes) {
                process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return processes.stream().filter(Process::isAlive).toList();
    }
}

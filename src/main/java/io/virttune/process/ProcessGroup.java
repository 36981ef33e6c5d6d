package io.virttune.process;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.util.function.Consumer;

/**
 * Signals every process of a group at once, which Java's process API cannot: through the shell's
 * own kill, so that no other package (procps) is needed. A group's leader is its first process:
 * the command virt-tune started under {@code setsid}.
 */
final class ProcessGroup {
    private ProcessGroup() {}

    /** Asks every process of the group {@code leader} leads to stop (SIGTERM). */
    static void terminate(long leader) {
        signal(leader, "TERM", ProcessHandle::destroy);
    }

    /** Kills every process of the group {@code leader} leads (SIGKILL). */
    static void kill(long leader) {
        signal(leader, "KILL", ProcessHandle::destroyForcibly);
    }

    /** A group already gone is no error: its commands ended on their own. */
    private static void signal(long leader, String signal, Consumer<ProcessHandle> withoutShell) {
        // The group in one word after "--", never inside the script: kill reads "-PID" as a group.
        ProcessBuilder kill = new ProcessBuilder("sh", "-c", "kill -s \"$1\" -- \"$2\"", "sh", signal, "-" + leader)
                .redirectOutput(Redirect.DISCARD)
                .redirectError(Redirect.DISCARD);
        try {
            kill.start().waitFor();
        } catch (IOException e) {
            // No shell: the leader and what it started, as far as Java sees them, rather than nothing.
            ProcessHandle.of(leader).ifPresent(handle -> {
                handle.descendants().forEach(withoutShell);
                withoutShell.accept(handle);
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

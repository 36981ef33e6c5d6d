package io.virttune.process;

import io.virttune.Sleep;
import java.time.Duration;
import java.util.List;

/**
 * A JVM that runs one command through {@link LocalProcessRunner} and, when it ends, a second
 * one, as work whose step failed goes on to its next command; a cleanup hooked to a signal waits
 * a second, as an LV's removal takes, then runs a third: a test sees which start while virt-tune
 * is stopping.
 */
public final class RestarterInChildJvm {
    private RestarterInChildJvm() {}

    /** {@code args}: the first command's words, {@code --then}, the second's, {@code --cleanup}, the cleanup's. */
    public static void main(String[] args) {
        List<String> words = List.of(args);
        int then = words.indexOf("--then");
        int cleanup = words.indexOf("--cleanup");
        LocalProcessRunner runner = new LocalProcessRunner();
        CleanupOnSignal.register("slow-cleanup", () -> {
            Sleep.of(Duration.ofSeconds(1), IllegalStateException::new);
            runner.run(words.subList(cleanup + 1, words.size()));
        });
        runner.run(words.subList(0, then));
        ProcessResult second = runner.run(words.subList(then + 1, cleanup));
        System.out.println(
                "second: " + second.exitCode() + " " + second.stderr().strip());
        System.out.flush();
    }

    /** Starts this class in a new JVM with the project's compiled classes. */
    static Process start(List<String> command) throws java.io.IOException {
        return RunnerInChildJvm.start(RestarterInChildJvm.class, command);
    }
}

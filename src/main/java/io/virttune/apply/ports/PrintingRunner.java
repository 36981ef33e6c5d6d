package io.virttune.apply.ports;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import io.virttune.text.ShellWords;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * The dry run's runner: prints each command an adapter calls as acting (it would change the
 * host) as a shell line an operator could paste, and runs nothing of it. The commands adapters
 * run as reads (LVM's reports, qemu-img info and map) run for real: the adapters check what they
 * act on through them.
 */
final class PrintingRunner implements ProcessRunner {
    private final ProcessRunner reads;
    private final Consumer<String> out;

    PrintingRunner(ProcessRunner reads, Consumer<String> out) {
        this.reads = reads;
        this.out = out;
    }

    @Override
    public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
        return reads.run(argv, stdoutLines);
    }

    @Override
    public ProcessResult run(List<String> argv, Duration limit) {
        return reads.run(argv, limit);
    }

    @Override
    public ProcessResult feed(List<String> argv, String input, Consumer<String> stderrLines) {
        return reads.feed(argv, input, stderrLines);
    }

    @Override
    public ProcessResult act(List<String> argv, Consumer<String> stdoutLines) {
        out.accept(
                "$ " + String.join(" ", argv.stream().map(ShellWords::argument).toList()));
        return new ProcessResult(argv, 0, "", "");
    }
}

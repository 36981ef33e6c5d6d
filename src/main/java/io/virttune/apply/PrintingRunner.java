package io.virttune.apply;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import io.virttune.text.ShellWords;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The dry run's runner: prints each command that would change the host as a shell line an
 * operator could paste, and runs nothing of it. Commands that only read (LVM's reports, qemu-img
 * info and map) run for real: the adapters check what they act on through them.
 */
final class PrintingRunner implements ProcessRunner {
  private static final Set<List<String>> READS = Set.of(List.of("lvm", "vgs"), List.of("lvm", "lvs"),
      List.of("lvm", "pvs"), List.of("qemu-img", "info"), List.of("qemu-img", "map"));

  private final ProcessRunner reads;
  private final Consumer<String> out;

  PrintingRunner(ProcessRunner reads, Consumer<String> out) {
    this.reads = reads;
    this.out = out;
  }

  @Override
  public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
    if (argv.size() > 1 && READS.contains(argv.subList(0, 2))) {
      return reads.run(argv, stdoutLines);
    }
    out.accept("$ " + String.join(" ", argv.stream().map(ShellWords::argument).toList()));
    return new ProcessResult(argv, 0, "", "");
  }
}

package io.virttune.apply;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import io.virttune.report.ShellWords;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The dry run's runner: prints each command that would change the host as a shell line an
 * operator could paste, and runs nothing of it. LVM's reports only read, and the adapters check
 * what they act on through them, so those run for real.
 */
final class PrintingRunner implements ProcessRunner {
  private static final Set<String> LVM_REPORTS = Set.of("vgs", "lvs", "pvs");

  private final ProcessRunner reads;
  private final Consumer<String> out;

  PrintingRunner(ProcessRunner reads, Consumer<String> out) {
    this.reads = reads;
    this.out = out;
  }

  @Override
  public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
    if (argv.size() > 1 && argv.get(0).equals("lvm") && LVM_REPORTS.contains(argv.get(1))) {
      return reads.run(argv, stdoutLines);
    }
    out.accept("$ " + String.join(" ", argv.stream().map(ShellWords::argument).toList()));
    return new ProcessResult(argv, 0, "", "");
  }
}

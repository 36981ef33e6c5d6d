package io.virttune.qemu;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.util.ArrayList;
import java.util.List;

/** Verifies a conversion by comparing the guest-visible contents of source and target. */
public final class QemuImgCompare {
  private static final int DIFFERENT = 1;

  private final ProcessRunner runner;

  public QemuImgCompare(ProcessRunner runner) {
    this.runner = runner;
  }

  /**
   * Compares the flattened source with the raw target. A target larger than the image (an LV
   * rounded up to whole extents) only compares equal if its extra tail reads as zeros.
   */
  public Comparison compare(String sourcePath, String sourceFormat, String targetPath) {
    return compare(List.of(), sourcePath, sourceFormat, targetPath);
  }

  /**
   * Compares as {@link #compare} images a running QEMU holds open, without taking their locks
   * ({@code -U}): sound only while QEMU writes neither, as with its guest paused and its copy caught up.
   */
  public Comparison compareInUse(String sourcePath, String sourceFormat, String targetPath) {
    return compare(List.of("-U"), sourcePath, sourceFormat, targetPath);
  }

  private Comparison compare(List<String> options, String sourcePath, String sourceFormat, String targetPath) {
    List<String> argv = new ArrayList<>(List.of("qemu-img", "compare"));
    argv.addAll(options);
    argv.addAll(List.of("-f", sourceFormat, "-F", "raw", QemuPaths.safe(sourcePath), QemuPaths.safe(targetPath)));
    ProcessResult result = runner.act(argv);
    // Exit 1 means "different"; 2 and above mean qemu-img could not compare at all.
    if (result.exitCode() != DIFFERENT) {
      result.requireSuccess();
    }
    return new Comparison(result.succeeded(), result.stdout().strip());
  }
}

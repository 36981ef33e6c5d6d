package io.virttune.qemu;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
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
    ProcessResult result = runner.act(List.of("qemu-img", "compare", "-f", sourceFormat,
        "-F", "raw", QemuPaths.safe(sourcePath), QemuPaths.safe(targetPath)));
    // Exit 1 means "different"; 2 and above mean qemu-img could not compare at all.
    if (result.exitCode() != DIFFERENT) {
      result.requireSuccess();
    }
    return new Comparison(result.succeeded(), result.stdout().strip());
  }
}

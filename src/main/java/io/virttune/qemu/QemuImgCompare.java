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
     * Compares as {@link #compare} images a running QEMU holds open, without taking their locks:
     * sound only while QEMU writes neither, as with its guest paused and its copy caught up. The
     * source is read shared ({@code -U}); the target, a block copy's mirror, with its locking off:
     * QEMU 10 keeps a mirror target's "consistent read" to itself until the job completes, which
     * {@code -U} still asks for ("Failed to get "consistent read" lock", found in Debian 13's lab).
     */
    public Comparison compareInUse(String sourcePath, String sourceFormat, String targetPath) {
        return run(List.of(
                "qemu-img",
                "compare",
                "-U",
                "--image-opts",
                "driver=" + sourceFormat + ",file.filename=" + escaped(QemuPaths.safe(sourcePath)),
                "driver=raw,file.filename=" + escaped(QemuPaths.safe(targetPath)) + ",file.locking=off"));
    }

    /** A value in QEMU's option syntax, where a comma is written twice. */
    private static String escaped(String value) {
        return value.replace(",", ",,");
    }

    private Comparison compare(List<String> options, String sourcePath, String sourceFormat, String targetPath) {
        List<String> argv = new ArrayList<>(List.of("qemu-img", "compare"));
        argv.addAll(options);
        argv.addAll(List.of("-f", sourceFormat, "-F", "raw", QemuPaths.safe(sourcePath), QemuPaths.safe(targetPath)));
        return run(argv);
    }

    private Comparison run(List<String> argv) {
        ProcessResult result = runner.act(argv);
        // Exit 1 means "different"; 2 and above mean qemu-img could not compare at all.
        if (result.exitCode() != DIFFERENT) {
            result.requireSuccess();
        }
        return new Comparison(result.succeeded(), result.stdout().strip());
    }
}

package io.virttune.qemu;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.util.List;

/** Verifies a conversion by comparing the guest-visible contents of source and target. */
public final class QemuImgCompare {
    private static final int DIFFERENT = 1;

    /** The throttle group both images' reads share when the compare is capped. */
    private static final String THROTTLE_GROUP = "virt-tune-verify";

    private final ProcessRunner runner;
    private final long bytesPerSecond;

    public QemuImgCompare(ProcessRunner runner) {
        this(runner, 0);
    }

    private QemuImgCompare(ProcessRunner runner, long bytesPerSecond) {
        this.runner = runner;
        this.bytesPerSecond = bytesPerSecond;
    }

    /**
     * This compare with the reads of both images together at most {@code bytesPerSecond} (0: no
     * cap), through a throttle filter over each image in one throttle group: qemu-img compare has no
     * rate option of its own.
     */
    public QemuImgCompare capped(long bytesPerSecond) {
        return new QemuImgCompare(runner, bytesPerSecond);
    }

    /**
     * Compares the flattened source with the raw target. A target larger than the image (an LV
     * rounded up to whole extents) only compares equal if its extra tail reads as zeros.
     */
    public Comparison compare(String sourcePath, String sourceFormat, String targetPath) {
        if (bytesPerSecond > 0) {
            return run(List.of(
                    "qemu-img",
                    "compare",
                    "--object",
                    "throttle-group,id=" + THROTTLE_GROUP + ",limits.bps-read=" + bytesPerSecond,
                    "--image-opts",
                    throttled(sourceFormat, sourcePath),
                    throttled("raw", targetPath)));
        }
        return run(List.of(
                "qemu-img",
                "compare",
                "-f",
                sourceFormat,
                "-F",
                "raw",
                QemuPaths.safe(sourcePath),
                QemuPaths.safe(targetPath)));
    }

    private static String throttled(String format, String path) {
        return "driver=throttle,throttle-group=" + THROTTLE_GROUP + ",file.driver=" + format + ",file.file.filename="
                + escaped(QemuPaths.safe(path));
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

    private Comparison run(List<String> argv) {
        ProcessResult result = runner.act(argv);
        // Exit 1 means "different"; 2 and above mean qemu-img could not compare at all.
        if (result.exitCode() != DIFFERENT) {
            result.requireSuccess();
        }
        return new Comparison(result.succeeded(), result.stdout().strip());
    }
}

package io.virttune.qemu;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Verifies a conversion by comparing the guest-visible contents of source and target. */
public final class QemuImgCompare {
    private static final int DIFFERENT = 1;

    /** The throttle group of the source's reads when the compare is capped. */
    private static final String THROTTLE_GROUP = "virt-tune-verify";

    private static final String SIZE_MISMATCH = "Warning: Image size mismatch!";

    /** qemu-img's word of the first difference: {@code Content mismatch at offset 52428800!}. */
    private static final Pattern MISMATCH = Pattern.compile("offset (\\d+)");

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
     * This compare with its reads of the source at most {@code bytesPerSecond} (0: no cap), through a
     * throttle filter over the source ({@code qemu-img compare} has no rate option of its own). The
     * LV is not throttled: where the source has data, its reads follow the source's; where the
     * source has none, the LV is read for zeros, which a thin LV's unprovisioned chunks return
     * without a disk read, and a throttle would count them all at the cap (186 s instead of 20 s for
     * 1 GiB of data in an 8 GiB LV in the lab).
     */
    public QemuImgCompare capped(long bytesPerSecond) {
        return new QemuImgCompare(runner, bytesPerSecond);
    }

    /**
     * Compares the flattened source with the raw target, giving {@code percent} how much of the
     * longer of the two it has read. A target larger than the image (an LV rounded up to whole
     * extents) only compares equal if its extra tail reads as zeros.
     */
    public Comparison compare(String sourcePath, String sourceFormat, String targetPath, DoubleConsumer percent) {
        if (bytesPerSecond > 0) {
            return run(
                    List.of(
                            "qemu-img",
                            "compare",
                            "-p",
                            "--object",
                            throttleGroup(),
                            "--image-opts",
                            source("", sourceFormat, sourcePath),
                            "driver=raw,file.filename=" + escaped(QemuPaths.safe(targetPath))),
                    percent);
        }
        return run(
                List.of(
                        "qemu-img",
                        "compare",
                        "-p",
                        "-f",
                        sourceFormat,
                        "-F",
                        "raw",
                        QemuPaths.safe(sourcePath),
                        QemuPaths.safe(targetPath)),
                percent);
    }

    /**
     * Compares {@code sourceBytes} of the flattened source from {@code offset} with {@code
     * targetBytes} of the raw target from the same offset, through a raw driver's window over each;
     * a longer target window only compares equal if its extra part reads as zeros. The detail names
     * the target's own offset of a difference, not the window's; {@code percent} is of the target's
     * window, the longer.
     */
    public Comparison compareRange(
            String sourcePath,
            String sourceFormat,
            String targetPath,
            long offset,
            long sourceBytes,
            long targetBytes,
            DoubleConsumer percent) {
        String window = "driver=raw,offset=" + offset + ",size=";
        List<String> argv = new ArrayList<>(List.of("qemu-img", "compare", "-p"));
        if (bytesPerSecond > 0) {
            argv.addAll(List.of("--object", throttleGroup()));
        }
        argv.addAll(List.of(
                "--image-opts",
                window + sourceBytes + "," + source("file.", sourceFormat, sourcePath),
                window + targetBytes + ",file.filename=" + escaped(QemuPaths.safe(targetPath))));
        Comparison result = run(argv, percent);
        // The LV's window is longer than the image's past its end, by choice: no news to report.
        String detail = result.detail().replace(SIZE_MISMATCH, "").strip();
        Matcher at = MISMATCH.matcher(detail);
        return new Comparison(
                result.identical(),
                at.find() ? at.replaceFirst("offset " + (offset + Long.parseLong(at.group(1)))) : detail);
    }

    private String throttleGroup() {
        return "throttle-group,id=" + THROTTLE_GROUP + ",limits.bps-read=" + bytesPerSecond;
    }

    /** The source image's node, its keys under {@code key}: through the throttle filter when capped. */
    private String source(String key, String sourceFormat, String sourcePath) {
        String file = escaped(QemuPaths.safe(sourcePath));
        if (bytesPerSecond > 0) {
            return key + "driver=throttle," + key + "throttle-group=" + THROTTLE_GROUP + "," + key + "file.driver="
                    + sourceFormat + "," + key + "file.file.filename=" + file;
        }
        return key + "driver=" + sourceFormat + "," + key + "file.filename=" + file;
    }

    /**
     * Compares as {@link #compare} images a running QEMU holds open, without taking their locks:
     * sound only while QEMU writes neither, as with its guest paused and its copy caught up. The
     * source is read shared ({@code -U}); the target, a block copy's mirror, with its locking off:
     * QEMU 10 keeps a mirror target's "consistent read" to itself until the job completes, which
     * {@code -U} still asks for ("Failed to get "consistent read" lock", found in Debian 13's lab).
     * {@code percent} is how much of the longer of the two it has read, as {@link #compare}'s.
     */
    public Comparison compareInUse(String sourcePath, String sourceFormat, String targetPath, DoubleConsumer percent) {
        return run(
                List.of(
                        "qemu-img",
                        "compare",
                        "-p",
                        "-U",
                        "--image-opts",
                        "driver=" + sourceFormat + ",file.filename=" + escaped(QemuPaths.safe(sourcePath)),
                        "driver=raw,file.filename=" + escaped(QemuPaths.safe(targetPath)) + ",file.locking=off"),
                percent);
    }

    /** A value in QEMU's option syntax, where a comma is written twice. */
    private static String escaped(String value) {
        return value.replace(",", ",,");
    }

    private Comparison run(List<String> argv, DoubleConsumer percent) {
        ProcessResult result = runner.act(argv, QemuImgProgress.percents(percent));
        // Exit 1 means "different"; 2 and above mean qemu-img could not compare at all.
        if (result.exitCode() != DIFFERENT) {
            result.requireSuccess();
        }
        return new Comparison(result.succeeded(), QemuImgProgress.withoutProgress(result.stdout()));
    }
}

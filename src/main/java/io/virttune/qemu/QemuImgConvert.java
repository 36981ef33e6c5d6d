package io.virttune.qemu;

import io.virttune.process.ProcessRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleConsumer;

/** Copies the top of an image chain, flattened, into a raw block device with {@code qemu-img convert}. */
public final class QemuImgConvert {
    private final ProcessRunner runner;
    private final long bytesPerSecond;

    public QemuImgConvert(ProcessRunner runner) {
        this(runner, 0);
    }

    private QemuImgConvert(ProcessRunner runner, long bytesPerSecond) {
        this.runner = runner;
        this.bytesPerSecond = bytesPerSecond;
    }

    /** This conversion at most {@code bytesPerSecond} ({@code -r}; 0: no cap). */
    public QemuImgConvert capped(long bytesPerSecond) {
        return new QemuImgConvert(runner, bytesPerSecond);
    }

    /**
     * The command line. {@code -O raw -n}: the target exists (an LV) and is written as raw bytes;
     * {@code -t none}: O_DIRECT on the target, so the copy neither floods the host's page cache nor
     * reports success before the data is on the device; {@code -W -m 16}: sixteen coroutines writing
     * out of order, which is what makes a block device target fast. No {@code -U}: a conversion
     * must never read an image a running guest holds, and qemu-img's lock refuses that.
     */
    public static List<String> argv(
            ConversionMethod method, String sourcePath, String sourceFormat, String targetDevice) {
        return argv(method, sourcePath, sourceFormat, targetDevice, 0);
    }

    private static List<String> argv(
            ConversionMethod method, String sourcePath, String sourceFormat, String targetDevice, long bytesPerSecond) {
        List<String> argv = new ArrayList<>(List.of(
                "qemu-img", "convert", "-p", "-f", sourceFormat, "-O", "raw", "-t", "none", "-W", "-m", "16", "-n"));
        argv.addAll(method.extraFlags());
        if (bytesPerSecond > 0) {
            argv.addAll(List.of("-r", Long.toString(bytesPerSecond)));
        }
        argv.add(QemuPaths.safe(sourcePath));
        argv.add(QemuPaths.safe(targetDevice));
        return argv;
    }

    /** Runs the conversion, reporting progress from 0 to 100 as qemu-img draws it; throws on failure. */
    public void convert(
            ConversionMethod method,
            String sourcePath,
            String sourceFormat,
            String targetDevice,
            DoubleConsumer progress) {
        runner.act(
                        argv(method, sourcePath, sourceFormat, targetDevice, bytesPerSecond),
                        QemuImgProgress.percents(progress))
                .requireSuccess();
    }
}

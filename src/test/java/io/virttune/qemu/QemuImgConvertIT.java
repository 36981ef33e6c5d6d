package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessRunner;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Real qemu-img conversions into raw files standing in for LVs: a fresh sparse file reads as
 * zeros like a new thin LV, a file full of old bytes is what a linear LV holds. Kept under
 * {@code target/}, not the system temp dir, because tmpfs refuses the O_DIRECT of {@code -t none}.
 */
class QemuImgConvertIT {
    private static final long SIZE = 256L << 20;

    private final ProcessRunner runner = new LocalProcessRunner();
    private final QemuImgConvert convert = new QemuImgConvert(runner);
    private final QemuImgCompare compare = new QemuImgCompare(runner);
    private Path source;
    private Path target;

    @BeforeEach
    void sparseQcow2WithSomeData() throws IOException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "it")), "convert");
        source = dir.resolve("source.qcow2");
        target = dir.resolve("target.raw");
        runner.run(List.of("qemu-img", "create", "-f", "qcow2", source.toString(), SIZE + ""))
                .requireSuccess();
        runner.run(List.of("qemu-io", "-c", "write -P 0xab 0 4M", "-c", "write -P 0xcd 128M 1M", source.toString()))
                .requireSuccess();
    }

    @Test
    void freshTargetReceivesOnlyAllocatedDataAndComparesEqual() throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(target.toFile(), "rw")) {
            file.setLength(SIZE);
        }
        List<Double> progress = new ArrayList<>();
        convert.convert(
                ConversionMethod.FRESH_THIN_VOLUME, source.toString(), "qcow2", target.toString(), progress::add);

        assertEquals(
                new Comparison(true, "Images are identical."),
                compare.compare(source.toString(), "qcow2", target.toString(), p -> {}));
        assertFalse(progress.isEmpty());
        assertEquals(100.0, progress.get(progress.size() - 1));
        assertTrue(progress.stream().allMatch(p -> p >= 0 && p <= 100), progress.toString());
        long allocated = new QemuImg(runner)
                .info(target.toString(), "raw")
                .top()
                .actualSizeBytes()
                .orElseThrow();
        assertTrue(allocated < 16L << 20, "target allocated " + allocated + " bytes");
    }

    @Test
    void targetWithOldDataNeedsEverythingOverwritten() throws IOException {
        fillWithOldData();
        convert.convert(ConversionMethod.FRESH_THIN_VOLUME, source.toString(), "qcow2", target.toString(), p -> {});
        assertFalse(
                compare.compare(source.toString(), "qcow2", target.toString(), p -> {})
                        .identical(),
                "--target-is-zero must leave old data behind on a used target");

        fillWithOldData();
        convert.convert(ConversionMethod.OVERWRITE_ALL, source.toString(), "qcow2", target.toString(), p -> {});
        assertTrue(compare.compare(source.toString(), "qcow2", target.toString(), p -> {})
                .identical());
    }

    /**
     * With 15 MiB more, the source holds 20 MiB of data: capped at 4 MiB/s the copy takes 5 s less
     * what qemu-img's rate limit lets through at once (its first requests of up to 2 MiB each), and
     * the verify, reading those 20 MiB of the source at 4 MiB/s, about as long. Uncapped, each takes
     * a fraction of a second here.
     */
    @Test
    void aCappedCopyAndItsVerifyKeepToTheCapAndTheVerifyStillFindsADifference() throws IOException {
        runner.run(List.of("qemu-io", "-c", "write -P 0xef 64M 15M", source.toString()))
                .requireSuccess();
        try (RandomAccessFile file = new RandomAccessFile(target.toFile(), "rw")) {
            file.setLength(SIZE);
        }
        long started = System.nanoTime();
        convert.capped(4L << 20)
                .convert(ConversionMethod.FRESH_THIN_VOLUME, source.toString(), "qcow2", target.toString(), p -> {});
        double copySeconds = (System.nanoTime() - started) / 1e9;

        started = System.nanoTime();
        QemuImgCompare capped = compare.capped(4L << 20);
        assertTrue(capped.compare(source.toString(), "qcow2", target.toString(), p -> {})
                .identical());
        double verifySeconds = (System.nanoTime() - started) / 1e9;

        assertTrue(copySeconds >= 3, "copy of 20 MiB at 4 MiB/s took " + copySeconds + " s");
        assertTrue(verifySeconds >= 3, "verify of 20 MiB at 4 MiB/s took " + verifySeconds + " s");
        try (RandomAccessFile file = new RandomAccessFile(target.toFile(), "rw")) {
            file.seek((128L << 20) + 4096);
            file.write(0x01);
        }
        assertEquals(
                new Comparison(false, "Content mismatch at offset 134221824!"),
                capped.compare(source.toString(), "qcow2", target.toString(), p -> {}));
    }

    private void fillWithOldData() throws IOException {
        byte[] old = new byte[1 << 20];
        java.util.Arrays.fill(old, (byte) 0x5a);
        try (RandomAccessFile file = new RandomAccessFile(target.toFile(), "rw")) {
            file.setLength(0);
            for (long written = 0; written < SIZE; written += old.length) {
                file.write(old);
            }
        }
    }
}

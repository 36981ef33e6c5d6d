package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.Fixtures;
import io.virttune.VirtTuneException;
import io.virttune.process.ScriptedProcessRunner;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class QemuImgConvertTest {
    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();

    @Test
    void freshThinVolumeGetsOnlyAllocatedData() {
        assertEquals(
                List.of(
                        "qemu-img",
                        "convert",
                        "-p",
                        "-f",
                        "qcow2",
                        "-O",
                        "raw",
                        "-t",
                        "none",
                        "-W",
                        "-m",
                        "16",
                        "-n",
                        "--target-is-zero",
                        "/var/lib/libvirt/images/db02.qcow2",
                        "/dev/vg_fast/db02-vda"),
                QemuImgConvert.argv(
                        ConversionMethod.FRESH_THIN_VOLUME,
                        "/var/lib/libvirt/images/db02.qcow2",
                        "qcow2",
                        "/dev/vg_fast/db02-vda"));
    }

    @Test
    void aCappedCopyIsRateLimitedByQemuImg() {
        runner.succeed("");

        new QemuImgConvert(runner)
                .capped(50L << 20)
                .convert(ConversionMethod.OVERWRITE_ALL, "/srv/a.qcow2", "qcow2", "/dev/vg/a", p -> {});

        List<String> argv = runner.commands().get(0);
        assertEquals(List.of("-r", "52428800"), argv.subList(argv.size() - 4, argv.size() - 2), argv.toString());
    }

    @Test
    void linearVolumeGetsZerosWrittenToo() {
        assertEquals(
                List.of(
                        "qemu-img",
                        "convert",
                        "-p",
                        "-f",
                        "raw",
                        "-O",
                        "raw",
                        "-t",
                        "none",
                        "-W",
                        "-m",
                        "16",
                        "-n",
                        "./-odd.img",
                        "/dev/vg_guests/db01-vda"),
                QemuImgConvert.argv(ConversionMethod.OVERWRITE_ALL, "-odd.img", "raw", "/dev/vg_guests/db01-vda"));
    }

    @Test
    void reportsRecordedProgress() {
        runner.succeed(Fixtures.read(getClass(), "convert-progress.stdout"));
        List<Double> progress = new ArrayList<>();
        new QemuImgConvert(runner)
                .convert(
                        ConversionMethod.FRESH_THIN_VOLUME,
                        "/tmp/q/sparse.qcow2",
                        "qcow2",
                        "/tmp/q/target.raw",
                        progress::add);
        assertEquals(List.of(0.0, 40.0, 80.0, 100.0, 100.0), progress);
    }

    @Test
    void failedConversionThrows() {
        runner.fail(1, "qemu-img: error while writing at byte 0: No space left on device");
        assertThrows(
                VirtTuneException.class,
                () -> new QemuImgConvert(runner)
                        .convert(ConversionMethod.OVERWRITE_ALL, "/a.qcow2", "qcow2", "/dev/vg/lv", p -> {}));
    }
}

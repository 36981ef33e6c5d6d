package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.VirtTuneException;
import io.virttune.process.ScriptedProcessRunner;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class QemuImgCompareTest {
    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    private final QemuImgCompare qemuImg = new QemuImgCompare(runner);

    @Test
    void identicalImages() {
        runner.succeed(Fixtures.read(getClass(), "compare-identical.stdout"));
        assertEquals(
                new Comparison(true, "Images are identical."),
                qemuImg.compare("/tmp/q/sparse.qcow2", "qcow2", "/dev/vg/lv", p -> {}));
        assertEquals(
                List.of(List.of(
                        "qemu-img", "compare", "-p", "-f", "qcow2", "-F", "raw", "/tmp/q/sparse.qcow2", "/dev/vg/lv")),
                runner.commands());
    }

    @Test
    void aCappedCompareReadsTheSourceThroughAThrottle() {
        runner.succeed(Fixtures.read(getClass(), "compare-identical.stdout"));

        assertTrue(qemuImg.capped(50L << 20)
                .compare("/srv/img,odd.qcow2", "qcow2", "/dev/vg/lv", p -> {})
                .identical());
        assertEquals(
                List.of(List.of(
                        "qemu-img",
                        "compare",
                        "-p",
                        "--object",
                        "throttle-group,id=virt-tune-verify,limits.bps-read=52428800",
                        "--image-opts",
                        "driver=throttle,throttle-group=virt-tune-verify,file.driver=qcow2,"
                                + "file.file.filename=/srv/img,,odd.qcow2",
                        "driver=raw,file.filename=/dev/vg/lv")),
                runner.commands(),
                "qemu-img compare has no rate option; a comma in a path is doubled in an option string");
    }

    @Test
    void aWindowIsComparedThroughTheRawDriversOffsetAndSizeOnEachSide() {
        runner.succeed(Fixtures.read(getClass(), "compare-window-longer-identical.stdout"));

        assertEquals(
                new Comparison(true, "Images are identical."),
                qemuImg.compareRange("/srv/w.qcow2", "qcow2", "/dev/vg/win", 7340032, 1048576, 5242880, p -> {}));
        assertEquals(
                List.of(List.of(
                        "qemu-img",
                        "compare",
                        "-p",
                        "--image-opts",
                        "driver=raw,offset=7340032,size=1048576,file.driver=qcow2,file.file.filename=/srv/w.qcow2",
                        "driver=raw,offset=7340032,size=5242880,file.filename=/dev/vg/win")),
                runner.commands());
    }

    @Test
    void aCappedWindowReadsTheSourceThroughAThrottle() {
        runner.succeed(Fixtures.read(getClass(), "compare-identical.stdout"));

        qemuImg.capped(50L << 20).compareRange("/srv/img,odd.qcow2", "qcow2", "/dev/vg/lv", 4096, 512, 1024, p -> {});
        assertEquals(
                List.of(
                        "qemu-img",
                        "compare",
                        "-p",
                        "--object",
                        "throttle-group,id=virt-tune-verify,limits.bps-read=52428800",
                        "--image-opts",
                        "driver=raw,offset=4096,size=512,file.driver=throttle,file.throttle-group=virt-tune-verify,"
                                + "file.file.driver=qcow2,file.file.file.filename=/srv/img,,odd.qcow2",
                        "driver=raw,offset=4096,size=1024,file.filename=/dev/vg/lv"),
                runner.commands().get(0));
    }

    @Test
    void aDifferenceInAWindowIsNamedAtTheDevicesOffset() {
        runner.reply(1, Fixtures.read(getClass(), "compare-window-mismatch.stdout"), "");
        runner.reply(1, Fixtures.read(getClass(), "compare-window-longer-mismatch.stdout"), "");

        assertEquals(
                new Comparison(false, "Content mismatch at offset 1052672!"),
                qemuImg.compareRange(
                        "/tmp/w.qcow2", "qcow2", "/dev/vg_guests/win", 1048576, 2097152, 2097152, p -> {}));
        assertEquals(
                new Comparison(false, "Content mismatch at offset 10485760!"),
                qemuImg.compareRange(
                        "/tmp/w.qcow2", "qcow2", "/dev/vg_guests/win", 7340032, 1048576, 5242880, p -> {}));
    }

    @Test
    void imagesARunningQemuHoldsAreComparedWithoutTakingTheirLocks() {
        runner.succeed(Fixtures.read(getClass(), "compare-progress-identical.stdout"));
        List<Double> read = new ArrayList<>();

        assertEquals(
                new Comparison(true, "Images are identical."),
                qemuImg.compareInUse("/var/lib/libvirt/images/g1.qcow2", "qcow2", "/dev/vg/g1-sda", read::add));
        assertEquals(List.of(0.0, 50.0, 100.0), read, "its progress, as an offline verify's");
        assertEquals(
                List.of(List.of(
                        "qemu-img",
                        "compare",
                        "-p",
                        "-U",
                        "--image-opts",
                        "driver=qcow2,file.filename=/var/lib/libvirt/images/g1.qcow2",
                        "driver=raw,file.filename=/dev/vg/g1-sda,file.locking=off")),
                runner.commands());
    }

    @Test
    void aCommaInAPathInUseIsWrittenTwiceInQemusOptionSyntax() {
        runner.succeed(Fixtures.read(getClass(), "compare-identical.stdout"));

        qemuImg.compareInUse("images/a,b.qcow2", "qcow2", "/dev/vg/g1-sda", p -> {});
        assertEquals(
                "driver=qcow2,file.filename=./images/a,,b.qcow2",
                runner.commands().get(0).get(5));
    }

    @Test
    void differentImagesNameTheOffset() {
        runner.reply(1, Fixtures.read(getClass(), "compare-mismatch.stdout"), "");
        assertEquals(
                new Comparison(false, "Content mismatch at offset 629145600!"),
                qemuImg.compare("/tmp/q/sparse.qcow2", "qcow2", "/tmp/q/target.raw", p -> {}));
    }

    @Test
    void theProgressQemuImgDrawsIsReportedAndKeptOutOfTheVerdict() {
        runner.succeed(Fixtures.read(getClass(), "compare-progress-identical.stdout"));
        runner.reply(1, Fixtures.read(getClass(), "compare-progress-mismatch.stdout"), "");
        List<Double> identical = new ArrayList<>();
        List<Double> mismatch = new ArrayList<>();

        assertEquals(
                new Comparison(true, "Images are identical."),
                qemuImg.compare("/tmp/q/sparse.qcow2", "qcow2", "/tmp/q/target.raw", identical::add));
        assertEquals(
                new Comparison(false, "Content mismatch at offset 629145600!"),
                qemuImg.compare("/tmp/q/sparse.qcow2", "qcow2", "/tmp/q/target.raw", mismatch::add));
        assertEquals(List.of(0.0, 50.0, 100.0), identical);
        assertEquals(List.of(0.0, 50.0, 58.59), mismatch);
    }

    @Test
    void aWindowsProgressIsOfItsLongerSideAndItsSizeWarningStillDropped() {
        runner.succeed(Fixtures.read(getClass(), "compare-window-progress.stdout"));
        List<Double> progress = new ArrayList<>();

        assertEquals(
                new Comparison(true, "Images are identical."),
                qemuImg.compareRange(
                        "sparse.qcow2", "qcow2", "target.raw", 536870912, 2097152, 4194304, progress::add));
        assertEquals(List.of(0.0, 25.0, 50.0, 100.0), progress);
    }

    @Test
    void unreadableTargetIsAnErrorNotADifference() {
        runner.fail(2, Fixtures.read(getClass(), "compare-missing.stderr"));
        VirtTuneException e = assertThrows(
                VirtTuneException.class, () -> qemuImg.compare("sparse.qcow2", "qcow2", "nope.raw", p -> {}));
        assertTrue(e.getMessage().contains("No such file or directory"), e.getMessage());
        assertEquals(
                List.of("qemu-img", "compare", "-p", "-f", "qcow2", "-F", "raw", "./sparse.qcow2", "./nope.raw"),
                runner.commands().get(0));
    }
}

package io.virttune.apply.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A calibration's arithmetic (a copy and its verify from a write and a read), its age, and its place in the state directory. */
class CalibrationTest {
    private static final long MIB = 1L << 20;
    private static final String AT = "2026-12-01T22:00:00Z";

    @TempDir
    Path state;

    private static Calibration of(long write, long read, String pool) {
        return new Calibration(
                "vg_vms", pool, "/dev/vg_vms/virt-tune-calibration-7", 1L << 30, write, 1L << 30, read, 0, 0, AT, null);
    }

    @Test
    void aCopyAndItsVerifyTakeTheWriteAndTheReadOneAfterTheOther() {
        // 1 GiB written at 200 MiB/s (5.12 s), then read back at 300 MiB/s (3.41 s): 8.53 s, 120 MiB/s.
        assertEquals(120 * MIB, of(200 * MIB, 300 * MIB, null).copyBytesPerSecond());
        assertEquals(50 * MIB, of(100 * MIB, 100 * MIB, null).copyBytesPerSecond());
        assertEquals(1, of(1, 1, null).copyBytesPerSecond(), "never 0, which no schedule divides by");
    }

    @Test
    void aPaceThatIsNotPositiveIsNoMeasurement() {
        assertThrows(IllegalArgumentException.class, () -> of(0, 100 * MIB, null));
        assertThrows(IllegalArgumentException.class, () -> of(100 * MIB, -1, null));
    }

    @Test
    void itsAgeIsSaidInDaysOnceItIsOneAndNeverNegative() {
        Calibration calibration = of(200 * MIB, 300 * MIB, "pool");

        assertEquals(Duration.ofDays(3), calibration.ageAt(Instant.parse("2026-12-04T22:00:00Z")));
        assertEquals(Duration.ZERO, calibration.ageAt(Instant.parse("2026-11-30T00:00:00Z")));
        assertEquals(
                "the calibration of thin pool vg_vms/pool at " + AT + ", 3 days ago (write 200 MiB/s, read 300 MiB/s;"
                        + " no copy journaled on this host yet)",
                calibration.basisAt(Instant.parse("2026-12-04T22:00:00Z")));
        assertTrue(
                calibration.basisAt(Instant.parse("2026-12-01T23:30:00Z")).contains(", 1h30m ago"),
                calibration.basisAt(Instant.parse("2026-12-01T23:30:00Z")));
        assertTrue(calibration.basisAt(Instant.parse("2026-12-03T00:00:00Z")).contains(", 1 day ago"));
    }

    @Test
    void itsScatteredWritesPaceIsKeptWithItAndAnOlderFileWithoutThemIsStillRead() throws Exception {
        StateDirectory directory = new StateDirectory(state);
        Calibration scattered = new Calibration(
                "vg_vms",
                "pool",
                "/dev/vg_vms/virt-tune-calibration-7",
                1L << 30,
                200 * MIB,
                1L << 30,
                300 * MIB,
                128 * MIB,
                25 * MIB,
                AT,
                null);

        directory.save(scattered);

        assertEquals(Optional.of(scattered), directory.calibration("vg_vms", "pool"));
        assertEquals(
                Optional.of("the scattered 64 KiB writes of the calibration of vg_vms/pool at " + AT),
                directory.calibration("vg_vms", "pool").orElseThrow().scatteredBasis());
        // As calibrate wrote it before it measured scattered writes.
        java.nio.file.Files.writeString(
                directory.calibrationFile("vg_vms", null),
                "{\"vg\":\"vg_vms\",\"thinPool\":null,\"device\":\"/dev/vg_vms/virt-tune-calibration-7\","
                        + "\"writtenBytes\":1073741824,\"writeBytesPerSecond\":209715200,\"readBytes\":1073741824,"
                        + "\"readBytesPerSecond\":314572800,\"measuredAt\":\"" + AT + "\"}");
        Calibration older = directory.calibration("vg_vms", null).orElseThrow();
        assertEquals(of(200 * MIB, 300 * MIB, null), older);
        assertEquals(Optional.empty(), older.scatteredBasis(), "no scattered pace: plan derives one and says so");
    }

    @Test
    void aMirrorTimedWhileItsGuestWroteKeepsTheGuestsWritesAndCountsAsABusyCopysFirstPass() {
        StateDirectory directory = new StateDirectory(state);
        Calibration.Mirror busy = new Calibration.Mirror(
                "web01", "vda", 480 * MIB, 24 * MIB, new io.virttune.inspect.GuestWriteRate(412.4, 1648 << 10, 20_000));
        directory.save(of(200 * MIB, 300 * MIB, "pool").withMirror(busy, AT));

        Calibration read = directory.calibration("vg_vms", "pool").orElseThrow();

        assertEquals(busy, read.mirror());
        assertTrue(read.mirror().guestBusy());
        assertEquals(
                Optional.of("the mirror of web01's vda calibrate measured on " + AT
                        + " over 20 s, its guest writing 412 times a second (1.6 MiB/s)"),
                read.mirrorBasis());
        // Below the floor a guest's writes are an idle guest's noise; unread, they say nothing.
        assertFalse(new Calibration.Mirror(
                        "web01",
                        "vda",
                        480 * MIB,
                        24 * MIB,
                        new io.virttune.inspect.GuestWriteRate(9, 36 << 10, 20_000))
                .guestBusy());
        assertFalse(new Calibration.Mirror("web01", "vda", 480 * MIB, 24 * MIB, null).guestBusy());
    }

    @Test
    void theGuestsMirrorItTimedIsKeptWithItAndACalibrationWithoutOneStillReads() throws Exception {
        StateDirectory directory = new StateDirectory(state);
        Calibration mirrored = of(200 * MIB, 300 * MIB, "pool")
                .withMirror(new Calibration.Mirror("web01", "vda", 912 * MIB, 45 * MIB + 60 * MIB / 100, null), AT);

        directory.save(mirrored);

        Calibration read = directory.calibration("vg_vms", "pool").orElseThrow();
        assertEquals(mirrored, read);
        assertEquals(new Calibration.Mirror("web01", "vda", 912 * MIB, 45 * MIB + 60 * MIB / 100, null), read.mirror());
        assertEquals(
                Optional.of("the mirror of web01's vda calibrate measured on " + AT + " over 20 s"),
                read.mirrorBasis());
        // As calibrate wrote it before it timed mirrors: no mirror field at all.
        java.nio.file.Files.writeString(
                directory.calibrationFile("vg_vms", null),
                "{\"vg\":\"vg_vms\",\"thinPool\":null,\"device\":\"/dev/vg_vms/virt-tune-calibration-7\","
                        + "\"writtenBytes\":1073741824,\"writeBytesPerSecond\":209715200,\"readBytes\":1073741824,"
                        + "\"readBytesPerSecond\":314572800,\"scatteredWrittenBytes\":0,"
                        + "\"scatteredWriteBytesPerSecond\":0,\"measuredAt\":\"" + AT + "\"}");
        Calibration older = directory.calibration("vg_vms", null).orElseThrow();
        assertEquals(null, older.mirror());
        assertEquals(Optional.empty(), older.mirrorBasis(), "no mirror timed: plan predicts by the writes");
    }

    @Test
    void eachVolumeGroupAndPoolKeepsItsOwnLatestCalibration() {
        StateDirectory directory = new StateDirectory(state);
        Calibration linear = of(200 * MIB, 300 * MIB, null);
        Calibration thin = of(100 * MIB, 300 * MIB, "pool");

        directory.save(linear);
        directory.save(thin);
        directory.save(of(250 * MIB, 300 * MIB, null));

        assertEquals(
                250 * MIB, directory.calibration("vg_vms", null).orElseThrow().writeBytesPerSecond());
        assertEquals(Optional.of(thin), directory.calibration("vg_vms", "pool"));
        assertEquals(Optional.empty(), directory.calibration("vg_other", null));
        assertEquals(Optional.empty(), new DryRunState(state.resolve("dry")).calibration("vg_vms", null));
    }
}

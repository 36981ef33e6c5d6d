package io.virttune.apply.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.journal.DomainJournal;
import io.virttune.lvm.LogicalVolume;
import io.virttune.plan.CreateVolume;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ZeroedTargetTest {
    private static final CreateVolume THIN = new CreateVolume("vg", "g1-vda", 8L << 30, "tpool");
    private static final String FORKY_LIBVIRT = "12.8.0";
    private static final String FORKY_QEMU = "QEMU 11.1.2";

    /** A journal of an apply that created {@code volumes}. */
    private static DomainJournal created(String... volumes) {
        DomainJournal journal =
                DomainJournal.start("g1", "uuid", "2026-12-07T00:00:00Z", "f", "d", null, List.of(), List.of());
        for (String volume : volumes) {
            journal = journal.withCreatedVolume(volume);
        }
        return journal;
    }

    /** The thin pool vg/tpool, zeroing new chunks as {@code zeroing} says (empty: lvs did not say). */
    private static Optional<LogicalVolume> pool(Optional<Boolean> zeroing) {
        return Optional.of(new LogicalVolume(
                "vg",
                "tpool",
                20L << 30,
                "thin-pool",
                "twi-aotz--",
                OptionalLong.empty(),
                Optional.empty(),
                64 << 10,
                zeroing,
                OptionalDouble.of(1),
                OptionalDouble.of(1),
                8L << 20,
                List.of()));
    }

    private static ZeroedTarget decide(
            CreateVolume volume,
            DomainJournal journal,
            boolean interrupted,
            Optional<LogicalVolume> pool,
            String libvirt,
            String qemu) {
        return ZeroedTarget.of(volume, journal, interrupted, pool, libvirt, qemu);
    }

    @Test
    void aThinLvThisApplyCreatedInAZeroingPoolOnLibvirt12Point2AndQemu10Point1IsCertifiedZero() {
        ZeroedTarget zeroed =
                decide(THIN, created("vg/g1-vda"), false, pool(Optional.of(true)), "12.2.0", "QEMU 10.1.0");

        assertTrue(zeroed.zeroed(), zeroed.why());
        assertEquals(
                "/dev/vg/g1-vda is a thin LV this apply created in thin pool vg/tpool, which zeroes new chunks;"
                        + " libvirt 12.2.0, QEMU 10.1.0",
                zeroed.why());
    }

    @Test
    void aLinearLvIsNeverCertifiedZero() {
        CreateVolume linear = new CreateVolume("vg", "g1-vda", 8L << 30, null);

        ZeroedTarget zeroed = decide(linear, created("vg/g1-vda"), false, Optional.empty(), FORKY_LIBVIRT, FORKY_QEMU);

        assertFalse(zeroed.zeroed());
        assertEquals("a linear LV holds what its extents held before", zeroed.why());
    }

    @Test
    void aThinLvThisApplyDidNotCreateOrAnInterruptedRunCopiedOntoIsNotCertifiedZero() {
        ZeroedTarget notOurs =
                decide(THIN, created("vg/other"), false, pool(Optional.of(true)), FORKY_LIBVIRT, FORKY_QEMU);
        ZeroedTarget interrupted =
                decide(THIN, created("vg/g1-vda"), true, pool(Optional.of(true)), FORKY_LIBVIRT, FORKY_QEMU);

        assertFalse(notOurs.zeroed());
        assertFalse(interrupted.zeroed());
        assertEquals(
                "/dev/vg/g1-vda may hold an earlier copy's bytes: this apply did not just create it",
                interrupted.why());
    }

    @Test
    void aPoolThatDoesNotZeroNewChunksOrWhoseZeroingIsUnknownIsNotCertifiedZero() {
        ZeroedTarget noZeroing =
                decide(THIN, created("vg/g1-vda"), false, pool(Optional.of(false)), FORKY_LIBVIRT, FORKY_QEMU);
        ZeroedTarget unknown =
                decide(THIN, created("vg/g1-vda"), false, pool(Optional.empty()), FORKY_LIBVIRT, FORKY_QEMU);
        ZeroedTarget absent = decide(THIN, created("vg/g1-vda"), false, Optional.empty(), FORKY_LIBVIRT, FORKY_QEMU);

        assertFalse(noZeroing.zeroed());
        assertEquals(
                "thin pool vg/tpool does not zero new chunks (-Zn): a chunk the copy writes in part keeps old bytes in"
                        + " the rest",
                noZeroing.why());
        assertFalse(unknown.zeroed());
        assertFalse(absent.zeroed());
        assertEquals("LVM does not say whether thin pool vg/tpool zeroes new chunks", absent.why());
    }

    @Test
    void libvirtBefore12Point2OrQemuBefore10Point1OrAnotherHypervisorIsNotAskedToSkipZeros() {
        ZeroedTarget trixie = decide(THIN, created("vg/g1-vda"), false, pool(Optional.of(true)), "11.3.0", FORKY_QEMU);
        ZeroedTarget oldQemu =
                decide(THIN, created("vg/g1-vda"), false, pool(Optional.of(true)), FORKY_LIBVIRT, "QEMU 10.0.2");
        ZeroedTarget test =
                decide(THIN, created("vg/g1-vda"), false, pool(Optional.of(true)), FORKY_LIBVIRT, "Test 2.0.0");

        assertFalse(trixie.zeroed());
        assertEquals("libvirt 11.3.0 has no VIR_DOMAIN_BLOCK_COPY_TARGET_ZEROED (12.2)", trixie.why());
        assertFalse(oldQemu.zeroed());
        assertEquals("QEMU 10.0.2 has no blockdev-mirror target-is-zero (QEMU 10.1)", oldQemu.why());
        assertFalse(test.zeroed());
    }
}

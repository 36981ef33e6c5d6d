package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.live.HostBandwidth;
import io.virttune.plan.VerifyCopy;
import io.virttune.process.ScriptedProcessRunner;
import io.virttune.qemu.QemuImgCompare;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A verify takes its share of the host's cap while it compares, and none when the copy verified itself. */
class CopyVerificationTest {
    private static final long MIB = 1L << 20;

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    private final StringWriter log = new StringWriter();
    private final CopyVerification copies = new CopyVerification("web01", new PrintWriter(log, true));
    /** Two domains move at once: a compare takes half the cap. */
    private final HostBandwidth host = new HostBandwidth(100 * MIB, 2);
    /** The speeds a live copy of another domain, running meanwhile, was set to, in MiB/s. */
    private final List<Long> liveSpeeds = new ArrayList<>();

    CopyVerificationTest() {
        host.start(0, speed -> {}, speed -> liveSpeeds.add(speed / MIB));
    }

    @Test
    void aCopyThisRunVerifiedTakesNoShareOfTheCap() {
        copies.copied("/dev/vg/web01-vda");

        copies.verify(verify("/dev/vg/web01-vda"), host, new QemuImgCompare(runner));

        assertEquals(List.of(), liveSpeeds, "the live copy keeps the whole cap");
        assertEquals(List.of(), runner.commands());
        assertTrue(log.toString().contains("verified by the copy"), log.toString());
    }

    @Test
    void aCompareTakesItsShareWhileItRunsAndGivesItBack() {
        runner.succeed("Images are identical.\n");

        copies.verify(verify("/dev/vg/web01-vda"), host, new QemuImgCompare(runner));

        assertEquals(List.of(50L, 100L), liveSpeeds, "halved for the compare, then given back");
        assertTrue(
                runner.commands().get(0).contains("throttle-group,id=virt-tune-verify,limits.bps-read=" + 50 * MIB),
                runner.commands().toString());
    }

    private static VerifyCopy verify(String target) {
        return new VerifyCopy("/images/web01.qcow2", "qcow2", target, 0);
    }
}

package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.Fixtures;
import io.virttune.VirtTuneException;
import io.virttune.apply.live.HostBandwidth;
import io.virttune.apply.ports.CopyPorts;
import io.virttune.lvm.MetadataSnapshotHolds;
import io.virttune.lvm.RecordedThinDevices;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.VerifyCopy;
import io.virttune.process.ScriptedProcessRunner;
import io.virttune.qemu.BlockZeroing;
import io.virttune.qemu.LvConversion;
import io.virttune.qemu.PausedMaps;
import io.virttune.qemu.QemuImg;
import io.virttune.qemu.QemuImgCompare;
import io.virttune.qemu.ThinCopyCompare;
import io.virttune.text.RecordedProgress;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A verify takes its share of the host's cap while it compares, and none when the copy verified
 * itself; a copy an earlier run made in a thin LV this move created is compared where the pool's
 * mapping does not prove it, any other in full, saying why.
 */
class CopyVerificationTest {
    private static final long MIB = 1L << 20;
    private static final String SOURCE = "/images/web01.qcow2";
    private static final CreateVolume LINEAR = new CreateVolume("vg", "web01-vda", 1024 * MIB, null);
    private static final CreateVolume THIN = new CreateVolume("vg_guests", "web1-vda", 1024 * MIB, "pool-0");

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    private final StringWriter log = new StringWriter();
    private final RecordedProgress progress = new RecordedProgress();
    private final CopyVerification copies =
            new CopyVerification("web01", new PrintWriter(log, true), progress.meters("web01"));
    /** Two domains move at once: a compare takes half the cap. */
    private final HostBandwidth host = new HostBandwidth(100 * MIB, 2);
    /** The speeds a live copy of another domain, running meanwhile, was set to, in MiB/s. */
    private final List<Long> liveSpeeds = new ArrayList<>();
    /** Why the journal does not prove the LV this move's; empty: it does. */
    private Optional<String> notThisMoves = Optional.empty();

    CopyVerificationTest() {
        host.start(0, speed -> {}, speed -> liveSpeeds.add(speed / MIB));
    }

    @Test
    void aCopyThisRunVerifiedTakesNoShareOfTheCap() {
        copies.copied(LINEAR.devicePath());

        copies.verify(verify(LINEAR), host, comparer());

        assertEquals(List.of(), liveSpeeds, "the live copy keeps the whole cap");
        assertEquals(List.of(), runner.commands());
        assertTrue(log.toString().contains("verified by the copy"), log.toString());
        assertEquals(List.of(), progress.of("verify"), "no second verify shown");
    }

    @Test
    void aCompareTakesItsShareWhileItRunsAndGivesItBack() {
        runner.succeed("Images are identical.\n");

        copies.verify(verify(LINEAR), host, comparer());

        assertEquals(List.of(50L, 100L), liveSpeeds, "halved for the compare, then given back");
        assertTrue(
                runner.commands().get(0).contains("throttle-group,id=virt-tune-verify,limits.bps-read=" + 50 * MIB),
                runner.commands().toString());
        assertTrue(
                log.toString()
                        .contains("  compared /dev/vg/web01-vda by reading it in full: it is a linear LV, whose"
                                + " extents hold whatever they held before\n"),
                log.toString());
    }

    @Test
    void anEarlierCopyInAThinLvThisMoveCreatedIsComparedWhereThePoolsMappingDoesNotProveIt() {
        sparseSourceInRecordedPool();
        runner.answer(ScriptedProcessRunner.command("qemu-img", "compare"), argv -> "Images are identical.\n");

        copies.verify(verify(THIN), host, comparer());

        List<List<String>> compares = compares();
        assertTrue(compares.size() > 1, compares.toString());
        assertTrue(
                compares.stream().allMatch(argv -> argv.contains("--image-opts")),
                "each a window, none over the whole LV: " + compares);
        assertEquals(List.of(50L, 100L), liveSpeeds, "the windows take the compare's share");
        assertTrue(
                log.toString()
                        .contains(
                                "  Images are identical: compared 6 MiB in 3 windows; the other 1018 MiB read as zeros"),
                log.toString());
    }

    @Test
    void aCorruptedEarlierCopyInAThinLvIsFoundInItsWindows() {
        sparseSourceInRecordedPool();
        // The second window, the pool's chunk at 100 MiB: a byte the interrupted run's copy left unlike the source.
        runner.answer(ScriptedProcessRunner.command("qemu-img", "compare"), argv -> "Images are identical.\n");
        runner.answer(
                ScriptedProcessRunner.command("qemu-img", "compare")
                        .and(argv -> argv.stream().anyMatch(word -> word.contains(",offset=104857600,"))),
                1,
                argv -> fixture("compare-window-mismatch.stdout"));

        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> copies.verify(verify(THIN), host, comparer()));

        assertTrue(
                e.getMessage()
                        .startsWith(
                                "the copy /dev/vg_guests/web1-vda differs from /images/web01.qcow2: Content mismatch"
                                        + " at offset 104861696!"),
                e.getMessage());
        assertEquals("failed", progress.last("verify").path("state").asText(), progress.toString());
    }

    @Test
    void anEarlierCopysVerifyShowsTheBytesItReadsOverAllItsWindows() {
        sparseSourceInRecordedPool();
        runner.answer(
                ScriptedProcessRunner.command("qemu-img", "compare"),
                argv -> fixture("compare-window-progress.stdout"));

        copies.verify(verify(THIN), host, comparer());

        List<ObjectNode> events = progress.of("verify");
        ObjectNode last = events.get(events.size() - 1);
        assertEquals("done", last.path("state").asText(), progress.toString());
        assertEquals(6 * MIB, last.path("bytes_total").asLong(), "the 3 windows' 6 MiB, not the LV's 1 GiB");
        assertEquals(6 * MIB, last.path("bytes_done").asLong());
        assertEquals("/dev/vg_guests/web1-vda", last.path("target").asText());
        assertEquals("web01", last.path("domain").asText());
        assertEquals(
                List.of("running", "done"),
                events.stream().map(event -> event.path("state").asText()).toList());
    }

    @Test
    void anEarlierCopyReadInFullShowsTheWholeLvsBytes() {
        runner.succeed(fixture("compare-progress-identical.stdout"));

        copies.verify(verify(LINEAR), host, comparer());

        ObjectNode last = progress.last("verify");
        assertEquals("done", last.path("state").asText(), progress.toString());
        assertEquals(1024 * MIB, last.path("bytes_total").asLong());
        assertTrue(log.toString().contains("  compared /dev/vg/web01-vda by reading it in full"), log.toString());
    }

    @Test
    void aVerifyThatCannotCompareEndsFailed() {
        runner.fail(2, fixture("compare-missing.stderr"));

        assertThrows(VirtTuneException.class, () -> copies.verify(verify(LINEAR), host, comparer()));

        assertEquals(
                List.of("failed"),
                progress.of("verify").stream()
                        .map(e -> e.path("state").asText())
                        .toList());
    }

    @Test
    void aThinLvTheJournalDoesNotProveThisMovesIsReadInFullSayingWhy() {
        notThisMoves = Optional.of("the journal does not list vg_guests/web1-vda as created by this move");
        runner.succeed("Images are identical.\n");

        copies.verify(verify(THIN), host, comparer());

        assertEquals(
                List.of("qemu-img", "compare"),
                compares().get(0).subList(0, 2),
                runner.commands().toString());
        assertEquals(1, runner.commands().size(), runner.commands().toString());
        assertTrue(
                log.toString()
                        .contains("  compared /dev/vg_guests/web1-vda by reading it in full: the journal does not list"
                                + " vg_guests/web1-vda as created by this move\n"),
                log.toString());
    }

    /** A 1 GiB image with data in its first 4 MiB and at 512 MiB, copied into the recorded thin LV. */
    private void sparseSourceInRecordedPool() {
        RecordedThinDevices.answer(runner);
        runner.answer(ScriptedProcessRunner.command("qemu-img", "info"), argv -> fixture("info-sparse.json"));
        runner.answer(ScriptedProcessRunner.command("qemu-img", "map"), argv -> fixture("map-sparse.json"));
    }

    private List<List<String>> compares() {
        return runner.commands().stream()
                .filter(argv -> argv.get(0).equals("qemu-img") && argv.get(1).equals("compare"))
                .toList();
    }

    private EarlierCopyCompare comparer() {
        CopyPorts ports = new CopyPorts(
                new LvConversion(runner, MetadataSnapshotHolds.none()),
                new BlockZeroing(runner),
                new QemuImgCompare(runner),
                new QemuImg(runner),
                PausedMaps.through(new QemuImg(runner), "a test"),
                new ThinCopyCompare(runner, MetadataSnapshotHolds.none()));
        return new EarlierCopyCompare(
                ports, target -> target.equals(THIN.devicePath()) ? THIN : LINEAR, create -> notThisMoves);
    }

    private static VerifyCopy verify(CreateVolume target) {
        return new VerifyCopy(SOURCE, "qcow2", target.devicePath(), 0);
    }

    private static String fixture(String name) {
        return Fixtures.read(QemuImg.class, name);
    }
}

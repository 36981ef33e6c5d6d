package io.virttune.plan;

import static io.virttune.plan.PlanFacts.domainXml;
import static io.virttune.plan.PlanFacts.qcow2Disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.inspect.FakeLibvirt;
import io.virttune.inspect.ImageFacts;
import io.virttune.inspect.LiveHost;
import io.virttune.libvirt.DomainState;
import io.virttune.process.ScriptedProcessRunner;
import io.virttune.report.PlanTextReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thin pool provisions whole chunks: the plan counts an image's data in chunks of the target
 * pool's size (from the one {@code qemu-img map} inspect runs), not its {@code actual-size}.
 */
class ThinPoolNeedTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");

    @TempDir
    Path temp;

    /**
     * The recorded 8 GiB qcow2 with one 4 KiB write every 4 MiB, as inspect reads it: 129 MiB of
     * actual-size, but data in every 4 MiB chunk.
     */
    private ImageFacts sparseImage() throws IOException {
        Path image = temp.resolve("sparse-4m-stride.qcow2");
        if (!Files.exists(image)) {
            Files.createFile(image);
        }
        ScriptedProcessRunner runner = new ScriptedProcessRunner()
                .succeed(Fixtures.read(getClass(), "/io/virttune/qemu/info-sparse-4m-stride.json"))
                .succeed(Fixtures.read(getClass(), "/io/virttune/qemu/map-sparse-4m-stride.json"));
        FakeLibvirt libvirt = new FakeLibvirt()
                .domain("web", DomainState.SHUTOFF, domainXml("web", "", qcow2Disk(image.toString(), "vda", "virtio")));
        ImageFacts facts = RecordedImages.inspect(libvirt, runner)
                .domains()
                .get(0)
                .disks()
                .get(0)
                .image()
                .orElseThrow();
        assertEquals(135_524_352L, facts.allocatedBytes(), "the image's actual-size, 129 MiB");
        return facts;
    }

    private Plan plan(PlanFacts facts, PlanTarget target) throws IOException {
        facts.domain(domainXml("web", "", qcow2Disk("/i/web.qcow2", "vda", "virtio")), Map.of("vda", sparseImage()));
        return new MigrationPlanner(PlanPolicy.defaults(target)).plan(facts.build(), NOW);
    }

    @Test
    void anExistingPoolMustHoldTheChunksTheDataTouchesNotTheActualSize() throws IOException {
        // 6 GiB of 4 MiB chunks, empty: 5.4 GiB for this plan after the 10% reserve, 8 GiB needed.
        Plan plan = plan(
                new PlanFacts().thinPool("vg_guests", "small", 6 * GIB, 4 * MIB),
                PlanTarget.thin("vg_guests", "small", null));

        DomainPlan web = plan.domains().get(0);
        assertEquals(DomainOutcome.STOPPED, web.outcome(), web.reasons().toString());
        assertEquals(
                "not enough space in thin pool vg_guests/small: needs 8 GiB, 5.4 GiB left for this plan"
                        + " after the reserve; extend the pool (lvextend vg_guests/small, or a larger --create-thin-pool),"
                        + " free space in it, or plan linear LVs with --vg",
                web.reasons().get(0));
    }

    @Test
    void aPoolWhoseUsageLvmDoesNotReportCountsAsFullAndThePlanSaysWhy() throws IOException {
        Plan plan = plan(
                new PlanFacts().inactiveThinPool("vg_guests", "dark", 100 * GIB, 4 * MIB),
                PlanTarget.thin("vg_guests", "dark", null));

        DomainPlan web = plan.domains().get(0);
        assertEquals(DomainOutcome.STOPPED, web.outcome(), web.reasons().toString());
        assertTrue(
                web.reasons().get(0).startsWith("not enough space in thin pool vg_guests/dark: needs 8 GiB, 0 B left"),
                web.reasons().toString());
        assertTrue(
                plan.warnings()
                        .contains("thin pool vg_guests/dark is inactive: lvs reports no usage of it, so its free"
                                + " space is unknown and counts as none; activate it (lvchange -ay vg_guests/dark),"
                                + " and plan again"),
                plan.warnings().toString());
    }

    @Test
    void eachMovedDiskSaysWhatItWasCountedForInThePoolInTheTextAndTheJson() throws IOException {
        // pool0 has 256 KiB chunks: the 2048 writes take one each.
        Plan plan = plan(new PlanFacts(), PlanTarget.thin("vg_guests", "pool0", null));

        DiskPlan vda = plan.domains().get(0).disks().get(0);
        assertEquals(new ThinPoolNeed(512 * MIB, 256 * 1024), vda.thinPoolNeed());
        assertEquals(
                512 * MIB, PlanJson.tree(vda).path("thinPoolNeed").path("bytes").asLong());
        assertEquals(
                vda,
                PlanJson.read(PlanJson.write(plan), "the plan")
                        .domains()
                        .get(0)
                        .disks()
                        .get(0));
        StringWriter text = new StringWriter();
        new PlanTextReport(new PrintWriter(text), false).print(plan);
        assertTrue(
                text.toString()
                        .contains(
                                "  DISK  ACTION  FROM          TO                      SIZE   IN POOL\n"
                                        + "  vda   move    /i/web.qcow2  /dev/vg_guests/web-vda  8 GiB  512 MiB in 256 KiB chunks\n"),
                text.toString());
        assertTrue(text.toString().contains(", 512 MiB counted in thin pool vg_guests/pool0"), text.toString());
    }

    @Test
    void aLinearPlanCountsTheWholeVirtualSizeAndShowsNoPoolFigure() throws IOException {
        Plan plan = plan(new PlanFacts(), PlanTarget.linear("vg_fast"));

        DiskPlan vda = plan.domains().get(0).disks().get(0);
        assertEquals(8 * GIB, vda.sizeBytes());
        assertEquals(null, vda.thinPoolNeed());
        assertTrue(
                PlanJson.tree(vda).path("thinPoolNeed").isMissingNode(),
                PlanJson.tree(vda).toString());
    }

    @Test
    void aNewPoolMustHoldTheChunksOfTheChunkSizeThePlanChooses() throws IOException {
        Plan tooSmall = plan(
                new PlanFacts(),
                PlanTarget.thin("vg_fast", "vms", new PlanTarget.NewThinPool(4 * GIB, 4 * MIB, false)));
        Plan smallChunks = plan(
                new PlanFacts(),
                PlanTarget.thin("vg_fast", "vms", new PlanTarget.NewThinPool(4 * GIB, 64 * 1024, true)));

        DomainPlan web = tooSmall.domains().get(0);
        assertEquals(DomainOutcome.STOPPED, web.outcome(), web.reasons().toString());
        assertTrue(
                web.reasons().get(0).startsWith("not enough space in thin pool vg_fast/vms: needs 8 GiB, 4 GiB"),
                web.reasons().get(0));
        // In 64 KiB chunks the same data takes one chunk a write: 128 MiB.
        assertEquals(
                DomainOutcome.MIGRATE,
                smallChunks.domains().get(0).outcome(),
                smallChunks.domains().get(0).reasons().toString());
    }

    /**
     * A qcow2 whose data lives in an external data file: its own actual-size is its metadata (324
     * KiB); the allocated bytes count the data file's (1088 KiB) too, so the copy is not planned at
     * a third of what it moves.
     */
    @Test
    void aQcow2sExternalDataFileIsCountedInItsAllocatedBytes() throws IOException {
        Path image = Files.createDirectories(temp.resolve("df")).resolve("web.qcow2");
        Files.createFile(image);
        ScriptedProcessRunner runner = new ScriptedProcessRunner()
                .succeed(Fixtures.read(getClass(), "/io/virttune/qemu/info-data-file.json"))
                .succeed(Fixtures.read(getClass(), "/io/virttune/qemu/info-data-file-raw.json"))
                .succeed(Fixtures.read(getClass(), "/io/virttune/qemu/map-data-file-1g.json"));

        ImageFacts facts = new LiveHost(runner, true)
                .mappedImage(image.toString(), "qcow2")
                .orElseThrow();

        assertEquals(331776 + 1114112, facts.allocatedBytes());
        assertEquals(
                List.of(
                        "qemu-img",
                        "info",
                        "--output=json",
                        "--backing-chain",
                        "-U",
                        "-f",
                        "raw",
                        "/tmp/df/web-data.raw"),
                runner.commands().get(1));
    }
}

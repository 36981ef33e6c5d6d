package io.virttune.plan;

import static io.virttune.plan.PlanFacts.domainXml;
import static io.virttune.plan.PlanFacts.qcow2;
import static io.virttune.plan.PlanFacts.qcow2Disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.inspect.ImageFacts;
import io.virttune.libvirt.DomainState;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MigrationPlannerTest {
    private static final Instant NOW = Instant.parse("2026-11-30T00:00:00Z");
    private static final String IMAGE = "/var/lib/libvirt/images/web.qcow2";
    private static final String WIN_UUID = PlanFacts.WINDOWS_UUID;
    private static final String WINDOWS = PlanFacts.WINDOWS;

    private static Plan plan(PlanFacts facts, PlanPolicy policy) {
        return new MigrationPlanner(policy).plan(facts.build(), NOW);
    }

    private static PlanPolicy linear() {
        return PlanPolicy.defaults(PlanTarget.linear("vg_fast"));
    }

    private static DomainXml planned(DomainPlan domain) {
        return DomainXml.parse(domain.newXml(), "planned " + domain.name());
    }

    @Test
    void movesASataQcow2DiskToAVirtioLinearLvWithTheWholeRecipe() {
        Plan plan = plan(
                new PlanFacts()
                        .domain(
                                domainXml("web", "", qcow2Disk(IMAGE, "sda", "sata")),
                                Map.of("sda", qcow2(IMAGE, 20, 3))),
                linear());

        DomainPlan web = plan.domains().get(0);
        assertEquals(DomainOutcome.MIGRATE, web.outcome());
        // 20 GiB rounded up to vg_fast's 256 MiB extents is still 20 GiB.
        assertEquals(
                List.of(
                        new CreateVolume("vg_fast", "web-sda", 20L << 30, null),
                        new SetReadAhead("vg_fast", "web-sda", 0),
                        new ConvertImage(IMAGE, "qcow2", "/dev/vg_fast/web-sda", false, 20L << 30, 3L << 30, 0),
                        new VerifyCopy(IMAGE, "qcow2", "/dev/vg_fast/web-sda", 0),
                        new BackupDefinition("web"),
                        new DefineDomain("web", web.fingerprint())),
                web.steps());
        DiskView disk = planned(web).disks().get(0);
        assertEquals("block", disk.type());
        assertEquals("/dev/vg_fast/web-sda", disk.sourcePath().orElseThrow());
        assertEquals("raw", disk.format().orElseThrow());
        assertEquals("vda", disk.targetDev());
        assertEquals("virtio", disk.targetBus().orElseThrow());
        assertFalse(disk.hasAddress(), "the SATA drive address must go with the bus");
        assertEquals("none", disk.cache().orElseThrow());
        assertEquals("native", disk.io().orElseThrow());
        assertEquals("unmap", disk.discard().orElseThrow());
        assertTrue(disk.detectZeroes().isEmpty(), "detect_zeroes costs a scan of every write; not the recipe's");
        assertEquals(OptionalInt.of(1), disk.iothread());
        assertEquals(1, planned(web).iothreads().count());
        assertTrue(planned(web).memoryBacking().hasHugepages(), "the example host has 12 GiB of free hugepages");
    }

    @Test
    void theCopyReadsTheFormatTheDefinitionDeclaresNeverAGuessedOne() {
        // A guest can write a qcow2 header (with a backing file of its choosing) into its raw disk.
        String raw = qcow2Disk(IMAGE, "vda", "virtio").replace("type='qcow2'", "type='raw'");
        Plan plan =
                plan(new PlanFacts().domain(domainXml("web", "", raw), Map.of("vda", qcow2(IMAGE, 2, 1))), linear());

        ConvertImage convert = (ConvertImage) plan.domains().get(0).steps().get(2);
        assertEquals("raw", convert.sourceFormat());
    }

    @Test
    void theRoundingFollowsTheTargetVgsExtentSize() {
        Plan plan = plan(
                new PlanFacts()
                        .domain(
                                domainXml("web", "", qcow2Disk(IMAGE, "vda", "virtio")),
                                Map.of(
                                        "vda",
                                        new ImageFacts(
                                                IMAGE,
                                                "qcow2",
                                                (10L << 30) + 1,
                                                1L << 30,
                                                List.of(),
                                                false,
                                                OptionalInt.of(0),
                                                "qemu-img"))),
                linear());

        CreateVolume create = (CreateVolume) plan.domains().get(0).steps().get(0);
        assertEquals((10L << 30) + (256L << 20), create.sizeBytes());
    }

    @Test
    void aRenamedTargetTakesTheNextFreeVirtioNameAndBootOrderSurvives() {
        String devices = "    <disk type='file' device='disk'>\n"
                + "      <driver name='qemu' type='qcow2'/>\n"
                + "      <source file='/i/a.qcow2'/>\n"
                + "      <target dev='vda' bus='virtio'/>\n"
                + "    </disk>\n"
                + "    <disk type='file' device='disk'>\n"
                + "      <driver name='qemu' type='qcow2'/>\n"
                + "      <source file='/i/b.qcow2'/>\n"
                + "      <target dev='hda' bus='ide'/>\n"
                + "      <boot order='1'/>\n"
                + "      <address type='drive' controller='0' bus='0' target='0' unit='0'/>\n"
                + "    </disk>\n";
        Plan plan = plan(
                new PlanFacts()
                        .domain(
                                domainXml("app", "", devices),
                                Map.of("vda", qcow2("/i/a.qcow2", 4, 1), "hda", qcow2("/i/b.qcow2", 4, 1))),
                linear());

        List<DiskView> disks = planned(plan.domains().get(0)).disks();
        assertEquals("vda", disks.get(0).targetDev());
        assertEquals("vdb", disks.get(1).targetDev());
        assertEquals(OptionalInt.of(1), disks.get(1).bootOrder());
        assertEquals(OptionalInt.of(1), disks.get(0).iothread());
        assertEquals(OptionalInt.of(2), disks.get(1).iothread());
        assertEquals("vdb", plan.domains().get(0).disks().get(1).newTarget());
    }

    @Test
    void existingIothreadsAndIdsAreRespected() {
        String extra = "  <iothreads>2</iothreads>\n  <iothreadids>\n    <iothread id='5'/>\n"
                + "    <iothread id='7'/>\n  </iothreadids>\n";
        String devices = "    <disk type='block' device='disk'>\n"
                + "      <driver name='qemu' type='raw' cache='none' io='native' discard='unmap' iothread='5'/>\n"
                + "      <source dev='/dev/vg_guests/db01-disk0'/>\n"
                + "      <target dev='vda' bus='virtio'/>\n"
                + "    </disk>\n"
                + qcow2Disk(IMAGE, "vdb", "virtio");
        Plan plan = plan(
                new PlanFacts().domain(domainXml("db", extra, devices), Map.of("vdb", qcow2(IMAGE, 2, 1))), linear());

        DomainXml xml = planned(plan.domains().get(0));
        assertEquals(3, xml.iothreads().count());
        assertEquals(List.of(5, 7, 1), xml.iothreads().definedIds());
        assertEquals(OptionalInt.of(5), xml.disks().get(0).iothread());
        assertEquals(OptionalInt.of(1), xml.disks().get(1).iothread());
    }

    @Test
    void writebackNeedsThreadsForIo() {
        PlanPolicy policy = new PlanPolicy(PlanTarget.linear("vg_fast"), "writeback", 0.1, Set.of(), false, true);
        Plan plan = plan(
                new PlanFacts()
                        .domain(
                                domainXml("web", "", qcow2Disk(IMAGE, "vda", "virtio")),
                                Map.of("vda", qcow2(IMAGE, 2, 1))),
                policy);

        DiskView disk = planned(plan.domains().get(0)).disks().get(0);
        assertEquals("writeback", disk.cache().orElseThrow());
        assertEquals("threads", disk.io().orElseThrow());
        assertTrue(plan.warnings().stream().anyMatch(w -> w.contains("power cut")));
    }

    @Test
    void disksThatAreNotTheRecipesBusinessAreLeftAloneWithTheReason() {
        String devices = "    <disk type='file' device='cdrom'>\n      <target dev='sdb' bus='sata'/>\n"
                + "      <readonly/>\n    </disk>\n"
                + "    <disk type='network' device='disk'>\n      <source protocol='rbd' name='pool/img'/>\n"
                + "      <target dev='vdc' bus='virtio'/>\n    </disk>\n";
        Plan plan = plan(new PlanFacts().domain(domainXml("cd", "", devices), Map.of()), linear());

        DomainPlan domain = plan.domains().get(0);
        assertEquals(
                List.of("leave", "leave"),
                domain.disks().stream().map(DiskPlan::action).toList());
        assertTrue(domain.disks().get(0).reason().startsWith("CD-ROM"));
        assertTrue(domain.disks().get(1).reason().contains("rbd"));
        assertTrue(domain.steps().stream().noneMatch(s -> s instanceof CreateVolume));
    }

    @Test
    void aWindowsGuestIsStagedUntilItsDriverIsConfirmed() {
        String xml = domainXml("win", WINDOWS, qcow2Disk(IMAGE, "sda", "sata"));
        Map<String, ImageFacts> images = Map.of("sda", qcow2(IMAGE, 8, 4));

        DomainPlan staged =
                plan(new PlanFacts().domain(xml, images), linear()).domains().get(0);

        assertEquals(DomainOutcome.STAGE, staged.outcome());
        List<DiskView> disks = planned(staged).disks();
        assertEquals("sata", disks.get(0).targetBus().orElseThrow(), "the boot disk keeps its bus for now");
        assertEquals(
                "/dev/vg_fast/web-sda".replace("web", "win"),
                disks.get(0).sourcePath().orElseThrow());
        assertEquals("/dev/vg_fast/win-virtio-stage", disks.get(1).sourcePath().orElseThrow());
        assertEquals("virtio", disks.get(1).targetBus().orElseThrow());
        assertTrue(staged.warnings().get(0).contains("--virtio-ready=win"));

        PlanPolicy ready = new PlanPolicy(PlanTarget.linear("vg_fast"), "none", 0.1, Set.of("win"), false, true);
        // Apply created the temporary disk's LV with virt-tune's tags for this domain.
        PlanFacts applied = new PlanFacts().volume("vg_fast", "win-virtio-stage", "virt-tune", "virt-tune-" + WIN_UUID);
        DomainPlan switched =
                plan(applied.domain(staged.newXml(), Map.of()), ready).domains().get(0);
        List<DiskView> after = planned(switched).disks();
        assertEquals(1, after.size(), "the temporary virtio disk goes");
        assertEquals("virtio", after.get(0).targetBus().orElseThrow());
        assertEquals("vda", after.get(0).targetDev());
    }

    @Test
    void internalSnapshotsStopTheDomainUnlessTheOperatorAcceptsLosingThem() {
        ImageFacts withSnapshots =
                new ImageFacts(IMAGE, "qcow2", 2L << 30, 1L << 30, List.of(), false, OptionalInt.of(3), "qemu-img");
        PlanFacts facts = new PlanFacts()
                .domain(domainXml("web", "", qcow2Disk(IMAGE, "vda", "virtio")), Map.of("vda", withSnapshots));

        DomainPlan stopped = plan(facts, linear()).domains().get(0);
        assertEquals(DomainOutcome.STOPPED, stopped.outcome());
        assertTrue(stopped.reasons().get(0).contains("3 internal snapshot(s)"));
        assertTrue(stopped.steps().isEmpty());

        PlanPolicy drop = new PlanPolicy(PlanTarget.linear("vg_fast"), "none", 0.1, Set.of(), true, true);
        assertEquals(DomainOutcome.MIGRATE, plan(facts, drop).domains().get(0).outcome());
    }

    @Test
    void spaceIsCheckedForTheWholePlanWithTheReserveHonoured() {
        // vg_fast: 323.3 GiB free of 1023.8 GiB; a 10% reserve leaves 220.9 GiB for the plan.
        PlanFacts facts = new PlanFacts()
                .domain(
                        domainXml("a", "", qcow2Disk("/i/a.qcow2", "vda", "virtio")),
                        Map.of("vda", qcow2("/i/a.qcow2", 120, 1)))
                .domain(
                        domainXml("b", "", qcow2Disk("/i/b.qcow2", "vda", "virtio")),
                        Map.of("vda", qcow2("/i/b.qcow2", 120, 1)));

        Plan plan = plan(facts, linear());

        assertEquals(DomainOutcome.MIGRATE, plan.domains().get(0).outcome());
        DomainPlan second = plan.domains().get(1);
        assertEquals(DomainOutcome.STOPPED, second.outcome());
        assertTrue(
                second.reasons().get(0).startsWith("not enough space in VG vg_fast"),
                second.reasons().get(0));
    }

    @Test
    void newNamesNeverCollideWithExistingVolumes() {
        // vg_guests already holds db01-disk0; use a thin pool there so space is not the limit.
        PlanPolicy thin = PlanPolicy.defaults(PlanTarget.thin("vg_guests", "pool0", null));
        Plan plan = plan(
                new PlanFacts()
                        .domain(
                                domainXml("db01", "", qcow2Disk(IMAGE, "disk0", "virtio")),
                                Map.of("disk0", qcow2(IMAGE, 2, 1))),
                thin);

        CreateVolume create = (CreateVolume) plan.domains().get(0).steps().get(0);
        assertEquals("db01-disk0-2", create.name());
        assertEquals("pool0", create.thinPool());
        ConvertImage convert = (ConvertImage) plan.domains().get(0).steps().get(2);
        assertTrue(convert.targetIsZero(), "a fresh thin LV reads as zeros");
        assertTrue(planned(plan.domains().get(0)).disks().get(0).detectZeroes().isEmpty());
    }

    @Test
    void aNewThinPoolGetsTheRecipesChunkSizeAndTheZeroingChoice() {
        PlanPolicy policy = PlanPolicy.defaults(
                PlanTarget.thin("vg_fast", "vms", new PlanTarget.NewThinPool(20L << 30, 4L << 20, false)));
        Plan plan = plan(
                new PlanFacts()
                        .domain(
                                domainXml("web", "", qcow2Disk(IMAGE, "vda", "virtio")),
                                Map.of("vda", qcow2(IMAGE, 40, 2))),
                policy);

        CreateThinPool pool =
                assertInstanceOf(CreateThinPool.class, plan.hostSteps().get(0));
        assertEquals(new CreateThinPool("vg_fast", "vms", 20L << 30, 4L << 20, false, 256L << 20), pool);
        assertTrue(plan.warnings().stream().anyMatch(w -> w.contains("previous tenant")));
    }

    @Test
    void aThinPoolThatExistsAlreadyIsNotCreatedAgain() {
        PlanPolicy policy = PlanPolicy.defaults(
                PlanTarget.thin("vg_fast", "tpool", new PlanTarget.NewThinPool(20L << 30, 4L << 20, false)));
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> plan(new PlanFacts().domain(domainXml("web", "", ""), Map.of()), policy));
        assertEquals(ExitCode.REFUSED, e.exitCode());
    }

    @Test
    void aMissingVolumeGroupIsRefusedNamingTheOnesThatExist() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> plan(new PlanFacts(), PlanPolicy.defaults(PlanTarget.linear("vg_nope"))));
        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().contains("vg_fast, vg_guests"), e.getMessage());
    }

    @Test
    void namesAndChunkSizesThatLvmRefusesAreRefusedAtPlanAsApplyRefusesThem() {
        List<PlanTarget> refused = List.of(
                PlanTarget.linear("vg fast"),
                PlanTarget.linear("-vg"),
                PlanTarget.thin("vg_fast", "my pool", null),
                PlanTarget.thin("vg_fast", "-pool", null),
                PlanTarget.thin("vg_fast", "snapshot0", null),
                PlanTarget.thin("vg_fast", "pool_tmeta", null),
                PlanTarget.thin("vg_fast", "pvmove", null));
        for (PlanTarget target : refused) {
            VirtTuneException e = assertThrows(
                    VirtTuneException.class,
                    () -> plan(new PlanFacts(), PlanPolicy.defaults(target)),
                    target.toString());
            assertEquals(ExitCode.USAGE, e.exitCode(), target.toString());
            assertTrue(e.getMessage().contains("is not a valid LVM"), e.getMessage());
        }
        for (long chunk : new long[] {3L << 20, 32L << 10, 1L << 40}) {
            PlanTarget target =
                    PlanTarget.thin("vg_fast", "pool", new PlanTarget.NewThinPool(100L << 30, chunk, false));
            VirtTuneException e = assertThrows(
                    VirtTuneException.class,
                    () -> plan(new PlanFacts(), PlanPolicy.defaults(target)),
                    Long.toString(chunk));
            assertEquals(ExitCode.USAGE, e.exitCode());
            assertTrue(e.getMessage().contains("thin-pool chunk size"), e.getMessage());
        }
    }

    @Test
    void hugepagesGoOnlyWhileTheHostsFreePoolHoldsThem() {
        // The example host has 6144 free 2 MiB pages (12 GiB) beyond those in use.
        String big =
                domainXml("big", "", "").replace("<memory unit='GiB'>2</memory>", "<memory unit='GiB'>10</memory>");
        String small =
                domainXml("small", "", "").replace("<memory unit='GiB'>2</memory>", "<memory unit='GiB'>4</memory>");
        Plan plan = plan(new PlanFacts().domain(big, Map.of()).domain(small, Map.of()), linear());

        assertTrue(planned(plan.domains().get(0)).memoryBacking().hasHugepages());
        DomainPlan second = plan.domains().get(1);
        assertNull(second.newXml());
        assertTrue(
                second.warnings().get(0).contains("reserve more at boot"),
                second.warnings().get(0));
    }

    @Test
    void aShutOffGuestAlreadyOnHugepagesKeepsThePagesItClaimsWhenItStarts() {
        // The example host's 12 GiB of available pages are what the shut-off 12 GiB guest takes at start.
        String dormant = domainXml("dormant", "  <memoryBacking><hugepages/></memoryBacking>\n", "")
                .replace("<memory unit='GiB'>2</memory>", "<memory unit='GiB'>12</memory>");
        String fresh = domainXml("fresh", "", "");

        Plan plan = plan(new PlanFacts().domain(dormant, Map.of()).domain(fresh, Map.of()), linear());

        DomainPlan second = plan.domains().get(1);
        assertNull(second.newXml(), "no pages left for the new guest");
        assertTrue(
                second.warnings().get(0).contains("0 B left"), second.warnings().get(0));

        Plan running = plan(
                new PlanFacts().domain(dormant, DomainState.RUNNING, Map.of()).domain(fresh, Map.of()), linear());
        assertTrue(
                planned(running.domains().get(1)).memoryBacking().hasHugepages(),
                "a running guest's pages are no longer free: counting them again would be wrong");
    }

    @Test
    void aGuestBoundToOneNumaNodeGetsHugepagesOnlyFromThatNodesPool() {
        // The example host's node0 has 2560 free 2 MiB pages (5 GiB), node1 4096 (8 GiB).
        String onNode0 = domainXml("n0", "  <numatune><memory mode='strict' nodeset='0'/></numatune>\n", "")
                .replace("<memory unit='GiB'>2</memory>", "<memory unit='GiB'>6</memory>");
        String onNode1 = onNode0.replace("nodeset='0'", "nodeset='1'").replace("<name>n0<", "<name>n1<");
        String preferred = onNode0.replace("mode='strict'", "mode='preferred'").replace("<name>n0<", "<name>p0<");

        Plan plan = plan(
                new PlanFacts()
                        .domain(onNode0, Map.of())
                        .domain(onNode1, Map.of())
                        .domain(preferred, Map.of()),
                linear());

        assertNull(plan.domains().get(0).newXml(), "node0 holds 5 GiB, the guest needs 6");
        assertTrue(
                plan.domains().get(0).warnings().get(0).contains("NUMA node 0"),
                plan.domains().get(0).warnings().get(0));
        assertTrue(planned(plan.domains().get(1)).memoryBacking().hasHugepages(), "node1 holds 8 GiB");
        assertTrue(
                planned(plan.domains().get(2)).memoryBacking().hasHugepages(),
                "a preferred node falls back to the others: 6 of the host's 12 GiB are left");
    }

    @Test
    void discardNeedsQemuFourPointTwoOrLater() {
        Plan plan = plan(
                new PlanFacts()
                        .hypervisor("QEMU 4.1.0")
                        .domain(
                                domainXml("web", "", qcow2Disk(IMAGE, "vda", "virtio")),
                                Map.of("vda", qcow2(IMAGE, 2, 1))),
                linear());

        assertTrue(planned(plan.domains().get(0)).disks().get(0).discard().isEmpty());
    }

    @Test
    void aWindowsGuestWithAVirtioDiskAlreadyHasItsDriverBoundAndIsNotStaged() {
        String windows = "  <features><hyperv><relaxed state='on'/></hyperv></features>\n";
        String devices = qcow2Disk(IMAGE, "sda", "sata") + qcow2Disk("/i/data.qcow2", "vda", "virtio");
        DomainPlan plan = plan(
                        new PlanFacts()
                                .domain(
                                        domainXml("win", windows, devices),
                                        Map.of("sda", qcow2(IMAGE, 8, 4), "vda", qcow2("/i/data.qcow2", 8, 1))),
                        linear())
                .domains()
                .get(0);

        assertEquals(DomainOutcome.MIGRATE, plan.outcome());
        assertEquals("vdb", planned(plan).disks().get(0).targetDev());
        assertTrue(
                plan.warnings().get(0).contains("a virtio-blk disk already"),
                plan.warnings().get(0));
    }

    @Test
    void aLinuxGuestMovingToVirtioIsToldWhatItsInitramfsNeeds() {
        DomainPlan plan = plan(
                        new PlanFacts()
                                .domain(
                                        domainXml("web", "", qcow2Disk(IMAGE, "sda", "sata")),
                                        Map.of("sda", qcow2(IMAGE, 2, 1))),
                        linear())
                .domains()
                .get(0);

        assertTrue(
                plan.warnings().stream().anyMatch(w -> w.contains("virtio_blk") && w.contains("UUID")),
                plan.warnings().toString());
    }

    @Test
    void aRunningDomainIsPlannedButWarnedAbout() {
        Plan plan = plan(
                new PlanFacts()
                        .domain(
                                domainXml("web", "", qcow2Disk(IMAGE, "vda", "virtio")),
                                DomainState.RUNNING,
                                Map.of("vda", qcow2(IMAGE, 2, 1))),
                linear());

        assertTrue(plan.domains().get(0).warnings().stream().anyMatch(w -> w.contains("shut it down first")));
    }

    @Test
    void planningWithoutLvmFactsSaysWhatItAssumed() {
        Plan plan = plan(
                new PlanFacts()
                        .withoutLvm()
                        .withoutSettings()
                        .domain(domainXml("web", "", qcow2Disk(IMAGE, "vda", "virtio")), Map.of()),
                linear());

        assertTrue(plan.assumptions().stream().anyMatch(a -> a.startsWith("LVM was not read")));
        assertTrue(plan.assumptions().stream().anyMatch(a -> a.contains("hugepages were not read")));
        CreateVolume create = (CreateVolume) plan.domains().get(0).steps().get(0);
        assertEquals(0, create.sizeBytes(), "the size is unknown until apply reads the image");
    }

    @Test
    void planningTheRewrittenDefinitionAgainChangesNothing() {
        PlanFacts first = new PlanFacts()
                .domain(domainXml("web", "", qcow2Disk(IMAGE, "sda", "sata")), Map.of("sda", qcow2(IMAGE, 2, 1)));
        DomainPlan planned = plan(first, linear()).domains().get(0);

        Plan again = plan(new PlanFacts().domain(planned.newXml(), Map.of()), linear());

        assertTrue(again.isEmpty(), () -> again.domains().get(0).diff());
        assertEquals(DomainOutcome.UNCHANGED, again.domains().get(0).outcome());
    }

    @Test
    void thePlanSurvivesItsJsonForm() {
        Plan plan = plan(
                new PlanFacts()
                        .domain(
                                domainXml("web", "", qcow2Disk(IMAGE, "sda", "sata")),
                                Map.of("sda", qcow2(IMAGE, 2, 1))),
                linear());

        assertEquals(plan, PlanJson.read(PlanJson.write(plan), "plan.json"));
    }

    @Test
    void aPlanOfAnotherSchemaOrANewerVersionIsRefused() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> PlanJson.read("{\"schema\":\"virt-tune/plan\",\"version\":99}", "plan.json"));
        assertTrue(e.getMessage().contains("version 99"), e.getMessage());
    }

    @Test
    void aVirtioReadyNameThatMatchesNoDomainOrNoWaitingGuestIsSaid() {
        PlanPolicy ready =
                new PlanPolicy(PlanTarget.linear("vg_fast"), "none", 0.1, Set.of("win2019-sq1", "web"), false, true);
        Plan plan = plan(
                new PlanFacts()
                        .domain(
                                domainXml("web", "", qcow2Disk(IMAGE, "vda", "virtio")),
                                Map.of("vda", qcow2(IMAGE, 2, 1))),
                ready);

        assertTrue(
                plan.warnings()
                        .contains("--virtio-ready=win2019-sq1 names no domain of this plan (planned: web):"
                                + " check the name"),
                plan.warnings().toString());
        assertTrue(
                plan.warnings()
                        .contains("--virtio-ready=web: 'web' is not a Windows guest waiting for its VirtIO"
                                + " storage driver, so there was nothing to confirm"),
                plan.warnings().toString());
    }

    private static String blockDisk(String device, String target, String driverAttributes) {
        return "    <disk type='block' device='disk'>\n"
                + "      <driver name='qemu' type='raw' " + driverAttributes + "/>\n"
                + "      <source dev='" + device + "'/>\n"
                + "      <target dev='" + target + "' bus='virtio'/>\n"
                + "    </disk>\n";
    }

    @Test
    void aUsersDiskNamedLikeTheTemporaryDiskIsLeftAsItIsWithoutVirtTunesTag() {
        String stage = "/dev/vg_fast/x-virtio-stage";
        String xml = domainXml(
                "web",
                "  <uuid>" + WIN_UUID + "</uuid>\n",
                qcow2Disk(IMAGE, "sda", "sata") + blockDisk(stage, "vdb", "cache='writeback'"));
        for (PlanFacts facts : List.of(
                new PlanFacts().volume("vg_fast", "x-virtio-stage"),
                new PlanFacts().volume("vg_fast", "x-virtio-stage", "virt-tune", "virt-tune-another-domain"),
                new PlanFacts())) {
            DomainPlan web = plan(facts.domain(xml, Map.of("sda", qcow2(IMAGE, 20, 3))), linear())
                    .domains()
                    .get(0);

            assertEquals(
                    "leave", web.disks().get(1).action(), web.disks().get(1).reason());
            DiskView kept = planned(web).disks().stream()
                    .filter(d -> d.sourcePath().orElse("").equals(stage))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("the user's disk was removed:\n" + web.newXml()));
            assertEquals("writeback", kept.cache().orElseThrow(), "and left as it is");
            assertEquals("vdb", kept.targetDev());
            assertTrue(
                    web.warnings().stream().noneMatch(w -> w.contains("temporary")),
                    web.warnings().toString());
        }
    }

    @Test
    void aDisksDirectsyncIsKeptAndIoUringStaysOnAThinLv() {
        String xml = domainXml(
                "web",
                "",
                blockDisk("/dev/vg_guests/db01-disk0", "vda", "cache='directsync' io='threads'")
                        + blockDisk("/dev/vg_fast/db03-root", "vdb", "cache='none' io='io_uring'"));

        List<DiskView> disks = planned(plan(new PlanFacts().domain(xml, Map.of()), linear())
                        .domains()
                        .get(0))
                .disks();

        assertEquals("directsync", disks.get(0).cache().orElseThrow(), "O_DIRECT already, and every write synced");
        assertEquals("native", disks.get(0).io().orElseThrow());
        assertEquals("none", disks.get(1).cache().orElseThrow());
        assertEquals("io_uring", disks.get(1).io().orElseThrow(), "a thin LV on Linux 6.1, QEMU 7.2, libvirt 9.0");
    }
}

package io.virttune.apply;

import static io.virttune.process.ScriptedProcessRunner.command;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.apply.custody.DiskCustody;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.DomainJournal.Status;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.ports.HostFiles;
import io.virttune.apply.ports.QemuIoHolds;
import io.virttune.apply.ports.StaleWriters;
import io.virttune.apply.undo.CalibrationCleanup;
import io.virttune.apply.undo.Cleanup;
import io.virttune.blockjob.MirrorState;
import io.virttune.inspect.FakeLibvirt;
import io.virttune.inspect.LiveHost;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LiveDomain;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.ThinDiscards;
import io.virttune.process.ProcessIdentity;
import io.virttune.process.ProcessTable;
import io.virttune.process.ScriptedProcessRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cleanup removes web01's old image only when no domain uses that file, by whatever name. */
class CleanupTest {
    private static final String UUID = "0f0e0d0c-0000-4000-8000-000000000001";

    @TempDir
    Path temp;

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    private final FakeLibvirt libvirt = new FakeLibvirt();
    private final StringWriter out = new StringWriter();
    private Path images;
    private Path image;
    private StateDirectory state;
    /** Calibration LVs in vg0, as lvs reports them. */
    private final List<String> calibrations = new java.util.ArrayList<>();
    /** A running guest whose disk a killed calibrate --mirror left copying into a calibration LV; null for none. */
    private ScriptedBlockJobs mirroring;
    /**
     * Its live definition as libvirt lists it among all, the mirror in it, when cleanup lists them;
     * null for none. Read again later, it is the guest's live definition then.
     */
    private String mirroredLive;
    /** How many times every domain's definitions were read: each read asks libvirt for each domain. */
    private int allDefinitionsReads;
    /** A definition libvirt lists from the second read of all on, as if made while cleanup ran; null for none. */
    private String definedSinceListing;

    @BeforeEach
    void web01MigratedOffItsImage() throws Exception {
        images = Files.createDirectories(temp.resolve("images"));
        image = Files.writeString(images.resolve("web01.qcow2"), "old image");
        state = new StateDirectory(temp.resolve("state"));
        state.save(new DomainJournal(
                "web01",
                UUID,
                "2026-12-01T08:00:00Z",
                "fp",
                "digest",
                Status.COMPLETED,
                "backup.xml",
                List.of(image.toString()),
                List.of("vg0/web01-vda"),
                Map.of(),
                List.of(),
                null,
                List.of(),
                List.of(new DiskCustody(image.toString(), "vg0/web01-vda", true, null))));
        libvirt.domain(
                "web01",
                DomainState.SHUTOFF,
                domain(
                        "web01",
                        "<disk type='block' device='disk'>"
                                + "<driver name='qemu' type='raw'/><source dev='/dev/vg0/web01-vda'/><target dev='vda'/></disk>"));
        answerTheReads();
    }

    @Test
    void keepsAnImageAnotherDomainNamesAsAVolumeOfItsPool() {
        libvirt.poolVolume("default", "web01.qcow2", image.toString());
        libvirt.domain(
                "web02",
                DomainState.SHUTOFF,
                domain(
                        "web02",
                        "<disk type='volume' device='disk'>"
                                + "<driver name='qemu' type='qcow2'/><source pool='default' volume='web01.qcow2'/><target dev='vdb'/></disk>"));

        assertKept(cleanup());
    }

    @Test
    void keepsAnImageARunningDomainHasOnlyInItsLiveDefinition() {
        libvirt.running("web02", domain("web02", ""), domain("web02", fileDisk(image.toString())));

        assertKept(cleanup());
    }

    @Test
    void keepsAnImageAnotherDomainNamesThroughAHardLink() throws Exception {
        Path link = Files.createLink(temp.resolve("web02.qcow2"), image);
        libvirt.domain("web02", DomainState.SHUTOFF, domain("web02", fileDisk(link.toString())));

        assertKept(cleanup());
    }

    @Test
    void keepsAnImageAnotherDomainNamesThroughASymlinkedDirectory() throws Exception {
        Path alias = Files.createSymbolicLink(temp.resolve("pool"), images);
        libvirt.domain("web02", DomainState.SHUTOFF, domain("web02", fileDisk(alias + "/./web01.qcow2")));

        assertKept(cleanup());
    }

    @Test
    void refusesWhenAVolumeCannotBeResolved() {
        libvirt.domain(
                "web02",
                DomainState.SHUTOFF,
                domain(
                        "web02",
                        "<disk type='volume' device='disk'>"
                                + "<driver name='qemu' type='qcow2'/><source pool='gone' volume='web01.qcow2'/><target dev='vdb'/></disk>"));

        DomainResult result = cleanup();

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(
                result.detail().contains("disk vdb of domain web02 names volume web01.qcow2 of storage pool gone"),
                result.detail());
        assertTrue(Files.exists(image));
    }

    @Test
    void removesTheImageWhenNoDomainUsesIt() throws Exception {
        Path other = Files.writeString(images.resolve("web02.qcow2"), "another image");
        libvirt.running(
                "web02", domain("web02", fileDisk(other.toString())), domain("web02", fileDisk(other.toString())));

        DomainResult result = cleanup();

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + out);
        assertTrue(Files.notExists(image));
        assertEquals(
                List.of("qemu-io", "-f", "raw", "-c", "quit", image.toString()),
                runner.commands().get(6));
        assertEquals(Status.CLEANED_UP, state.journal(UUID).orElseThrow().status());
    }

    @Test
    void executeRemovesTheLvAKilledCalibrationLeft() {
        calibrations.add(calibration(DEAD));
        runner.answer(command("lvm", "lvremove"), argv -> {
            calibrations.clear();
            return "";
        });

        DomainResult result = calibrationCleanup(true).orElseThrow();

        assertEquals(List.of(List.of("lvm", "lvremove", "--yes", "vg0/virt-tune-calibration-" + DEAD)), removals());
        assertTrue(
                out.toString()
                        .contains("remove vg0/virt-tune-calibration-" + DEAD
                                + ", left by a calibration whose virt-tune (pid " + DEAD
                                + ", recorded without its start time:"
                                + " judged by its pid alone) no longer runs"),
                out.toString());
        assertEquals(DomainResult.Result.DONE, result.result(), result.detail());
        assertEquals("1 calibration LV(s) removed", result.detail());
    }

    /**
     * One read of the domains' definitions serves custody and the mirrors of all the leftover LVs alike;
     * each removal reads them once more, right before it.
     */
    @Test
    void theDomainsDefinitionsAreReadOnceForTheListingAndOnceMoreRightBeforeEachRemoval() {
        List<String> pids = List.of(DEAD, "2147483646", "2147483645");
        pids.forEach(pid -> calibrations.add(calibration(pid)));
        runner.answer(command("lvm", "lvremove"), argv -> {
            calibrations.remove(0);
            return "";
        });

        DomainResult result = calibrationCleanup(true).orElseThrow();

        assertEquals("3 calibration LV(s) removed", result.detail());
        assertEquals(1 + 3, allDefinitionsReads);
    }

    @Test
    void aDryRunSaysItWouldRemoveTheLvAKilledCalibrationLeftAndRemovesNothing() {
        calibrations.add(calibration(DEAD));

        DomainResult result = calibrationCleanup(false).orElseThrow();

        assertEquals(List.of(), removals());
        assertTrue(out.toString().contains("would remove vg0/virt-tune-calibration-" + DEAD), out.toString());
        assertEquals(DomainResult.Result.WOULD_RUN, result.result(), result.detail());
    }

    @Test
    void theLvOfACalibrationStillRunningIsKeptNamingItsPidAndTheRule() {
        String running = ProcessTable.current().token();
        calibrations.add(calibration(running));

        DomainResult result = calibrationCleanup(true).orElseThrow();

        assertEquals(List.of(), removals());
        assertTrue(
                out.toString()
                        .contains("keep vg0/virt-tune-calibration-" + running + ": its virt-tune calibrate"
                                + " (" + ProcessTable.current().describe()
                                + ") runs on this host and removes it when it ends (rule: a running"
                                + " calibration's LV is its own)"),
                out.toString());
        assertEquals("0 calibration LV(s) removed, 1 kept", result.detail());
    }

    @Test
    void theLvOfAKilledCalibrationWhosePidAnotherProcessGotSinceIsRemoved() {
        ProcessIdentity self = ProcessTable.current();
        String killed = self.pid() + "-" + (self.startTicks().getAsLong() - 1);
        calibrations.add(calibration(killed));
        runner.answer(command("lvm", "lvremove"), argv -> {
            calibrations.clear();
            return "";
        });

        calibrationCleanup(true).orElseThrow();

        assertEquals(List.of(List.of("lvm", "lvremove", "--yes", "vg0/virt-tune-calibration-" + killed)), removals());
    }

    @Test
    void theLvOfACalibrationRecordedWithoutAStartTimeIsJudgedByItsPidAndSaysSo() {
        String running = Long.toString(ProcessHandle.current().pid());
        calibrations.add(calibration(running));

        calibrationCleanup(true).orElseThrow();

        assertEquals(List.of(), removals());
        assertTrue(
                out.toString()
                        .contains("(pid " + running + ", recorded without its start time: judged by its pid alone)"
                                + " runs on this host"),
                out.toString());
    }

    @Test
    void aCalibrationLvADomainNamesIsKeptByCustody() {
        calibrations.add(calibration(DEAD));
        libvirt.domain(
                "web02",
                DomainState.SHUTOFF,
                domain(
                        "web02",
                        "<disk type='block' device='disk'><driver name='qemu' type='raw'/>"
                                + "<source dev='/dev/vg0/virt-tune-calibration-" + DEAD
                                + "'/><target dev='vdb'/></disk>"));

        calibrationCleanup(true).orElseThrow();

        assertEquals(List.of(), removals());
        assertTrue(
                out.toString().contains("keep vg0/virt-tune-calibration-" + DEAD + ": [custody: in-use]"),
                out.toString());
    }

    /**
     * A guest pivoted onto the LV (or given it as a disk) after cleanup listed the domains' definitions
     * would lose its disk to the removal: the definitions read again right before it name the LV, and it
     * stays.
     */
    @Test
    void aCalibrationLvAGuestWasPivotedOntoSinceTheListingIsKeptNamingTheRule() {
        calibrations.add(calibration(DEAD));
        definedSinceListing = domain(
                "g1",
                "<disk type='block' device='disk'><driver name='qemu' type='raw'/>"
                        + "<source dev='/dev/vg0/virt-tune-calibration-" + DEAD + "'/><target dev='sda'/></disk>");

        assertOnlyCalibrationKept(
                calibrationCleanup(true).orElseThrow(),
                "keep vg0/virt-tune-calibration-" + DEAD + ": [custody: in-use] cleanup would remove"
                        + " /dev/vg0/virt-tune-calibration-" + DEAD + ", which the definition of g1 names");
        assertTrue(
                out.toString()
                        .contains("read again right before the removal: a domain was given the LV while cleanup"
                                + " ran, by a pivot onto it or a disk attached"),
                out.toString());
        assertFalse(out.toString().contains("remove vg0/virt-tune-calibration-" + DEAD + ", left by"), out.toString());
    }

    /** A block copy into the LV started after the listing would make it a guest's disk at its pivot. */
    @Test
    void aCalibrationLvAGuestsCopyStartedIntoSinceTheListingIsKept() {
        calibrations.add(calibration(DEAD));
        ScriptedBlockJobs copying =
                new ScriptedBlockJobs(new InMemoryDefinitions(), "/dev/vg0/virt-tune-calibration-" + DEAD);
        copying.job = ScriptedBlockJobs.Job.COPYING;
        definedSinceListing = copying.liveXml();

        assertOnlyCalibrationKept(
                calibrationCleanup(true).orElseThrow(),
                "keep vg0/virt-tune-calibration-" + DEAD + ": the block copy of disk sda of domain 'g1' into it"
                        + " started while cleanup ran");
    }

    /** Cleanup removed nothing, kept the one calibration LV and said {@code why}. */
    private void assertOnlyCalibrationKept(DomainResult result, String why) {
        assertEquals(List.of(), removals());
        assertTrue(out.toString().contains(why), out.toString());
        assertEquals("0 calibration LV(s) removed, 1 kept", result.detail());
    }

    @Test
    void theMirrorAKilledCalibrationLeftCopyingIntoItsLvIsAbortedWithoutAPivotBeforeTheLvIsRemoved() {
        calibrations.add(calibration(DEAD));
        mirroring = new ScriptedBlockJobs(new InMemoryDefinitions(), "/dev/vg0/virt-tune-calibration-" + DEAD);
        mirroring.job = ScriptedBlockJobs.Job.COPYING;
        mirroredLive = mirroring.liveXml();
        runner.answer(command("lvm", "lvremove"), argv -> {
            mirroring.calls.add("lvremove with the job " + mirroring.job);
            calibrations.clear();
            return "";
        });

        calibrationCleanup(true).orElseThrow();

        assertEquals(List.of("abort sda pivot=false", "lvremove with the job NONE"), mirroring.calls);
        assertEquals(MirrorState.NONE, MirrorState.of(mirroring.liveXml(), "g1", "sda"));
        assertEquals(Optional.of(ScriptedBlockJobs.IMAGE), MirrorState.sourceOf(mirroring.liveXml(), "g1", "sda"));
        assertTrue(
                out.toString()
                        .contains("abort the block copy of disk sda of 'g1' into vg0/virt-tune-calibration-" + DEAD
                                + " (no pivot: the guest stays on its source)"),
                out.toString());
    }

    @Test
    void aCalibrationLvWhoseMirrorCannotBeAbortedIsKeptSayingHow() {
        calibrations.add(calibration(DEAD));
        mirroring = new ScriptedBlockJobs(new InMemoryDefinitions(), "/dev/vg0/virt-tune-calibration-" + DEAD);
        mirroring.job = ScriptedBlockJobs.Job.COPYING;
        mirroredLive = mirroring.liveXml();
        // libvirtd went away once the definitions were read, before the abort.
        mirroring.libvirtdLost = true;

        calibrationCleanup(true).orElseThrow();

        assertEquals(List.of(), removals());
        assertTrue(
                out.toString()
                        .contains("keep vg0/virt-tune-calibration-" + DEAD + ": the block copy of disk sda of domain"
                                + " 'g1' into it could not be aborted"),
                out.toString());
    }

    @Test
    void anLvOnlyNamedLikeACalibrationsIsNotOffered() {
        calibrations.add(lvRow("virt-tune-calibration-" + DEAD, "Lv-C", "virt-tune"));

        assertEquals(Optional.empty(), calibrationCleanup(true));
        assertEquals(List.of(), removals());
    }

    /** Far above any pid_max (at most 2^22): no process has it. */
    private static final String DEAD = "2147483647";

    private static String calibration(String pid) {
        return lvRow("virt-tune-calibration-" + pid, "Lv-C", "virt-tune,virt-tune-calibration");
    }

    private Optional<DomainResult> calibrationCleanup(boolean execute) {
        return new CalibrationCleanup(ports(definitions(), execute), new PrintWriter(out, true)).run();
    }

    private List<List<String>> removals() {
        return runner.commands().stream().filter(command("lvm", "lvremove")).toList();
    }

    private void assertKept(DomainResult result) {
        assertTrue(Files.exists(image), "the image another domain uses was deleted: " + out);
        assertTrue(out.toString().contains("keep " + image + ": [custody: in-use]"), out.toString());
        assertEquals(DomainResult.Result.DONE, result.result(), result.detail());
        assertEquals("0 source image(s) removed, 1 kept", result.detail());
        assertEquals(Status.COMPLETED, state.journal(UUID).orElseThrow().status(), "rollback must stay possible");
    }

    private DomainResult cleanup() {
        DomainDefinitions definitions = definitions();
        return new Cleanup(ports(definitions, true), new PrintWriter(out, true)).run("web01");
    }

    private DomainDefinitions definitions() {
        return new DomainDefinitions() {
            @Override
            public Optional<LiveDomain> find(String name) {
                return Optional.of(new LiveDomain(
                        name, UUID, DomainState.SHUTOFF, WEB01_ON_ITS_LV, WEB01_ON_ITS_LV, false, 0, true));
            }

            @Override
            public List<String> allDefinitions() {
                allDefinitionsReads++;
                List<String> all = new java.util.ArrayList<>();
                for (var domain : libvirt.domains().domains()) {
                    all.add(domain.inactiveXml());
                    if (!domain.state().isShutOff()) {
                        all.add(libvirt.liveXml(domain.name()));
                    }
                }
                if (mirroredLive != null) {
                    all.add(allDefinitionsReads == 1 ? mirroredLive : mirroring.liveXml());
                }
                if (definedSinceListing != null && allDefinitionsReads > 1) {
                    all.add(definedSinceListing);
                }
                return all;
            }

            @Override
            public Optional<String> volumePath(String pool, String volume) {
                return libvirt.volumePath(pool, volume);
            }

            @Override
            public Optional<String> liveXml(String name) {
                return Optional.empty();
            }

            @Override
            public void define(String xml) {
                throw new AssertionError("cleanup defined a domain");
            }

            @Override
            public boolean autostart(String name) {
                throw new AssertionError("cleanup read a domain's autostart");
            }

            @Override
            public void autostart(String name, boolean on) {
                throw new AssertionError("cleanup changed a domain's autostart");
            }

            @Override
            public void close() {}
        };
    }

    private ApplyPorts ports(DomainDefinitions definitions, boolean execute) {
        return ApplyPorts.over(
                new ApplyPorts.Host(
                        runner,
                        ThinDiscards.through(new LvmCli(runner)),
                        false,
                        () -> definitions,
                        new LiveHost(runner, true),
                        new StaleWriters(),
                        new QemuIoHolds(),
                        mirroring == null ? ScriptedBlockJobs.none() : mirroring.source(),
                        state,
                        HostFiles.HOST,
                        Clock.systemUTC()),
                execute,
                line -> out.append(line).append('\n'));
    }

    /**
     * What cleanup reads, answered by command however often and in whatever order it reads: LVM's
     * report (web01's LV in vg0), that LV's tags as virt-tune created it for web01, each disk as a
     * flat image, and qemu-io finding no process holding an image.
     */
    private void answerTheReads() {
        String vgs = "{\"report\": [{\"vg\": [{\"vg_name\":\"vg0\", \"vg_extent_size\":\"4194304\", \"vg_size\":"
                + "\"107374182400\", \"vg_free\":\"53687091200\", \"pv_count\":\"1\", \"lv_count\":\"1\"}]}]}";
        String web01 = lvRow("web01-vda", "Lv-A", "virt-tune");
        String pvs = "{\"report\": [{\"pv\": [{\"pv_name\":\"/dev/sdb\", \"vg_name\":\"vg0\", \"pv_size\":"
                + "\"107374182400\", \"pv_free\":\"53687091200\"}]}]}";
        String identity = lvRow("web01-vda", "Lv-A", "virt-tune,virt-tune-" + UUID);
        String info = Fixtures.read(getClass(), "/io/virttune/qemu/info-raw.json");
        // The lvs that selects vg0 reads its LVs' identities; answered after the report's lvs, so in its place.
        Predicate<List<String>> identities =
                command("lvm", "lvs").and(argv -> argv.get(argv.size() - 1).equals("vg0"));
        runner.answer(command("lvm", "vgs"), argv -> vgs)
                .answer(command("lvm", "lvs"), argv -> lvs(web01))
                .answer(command("lvm", "pvs"), argv -> pvs)
                .answer(identities, argv -> lvs(identity))
                .answer(command("qemu-img", "info"), argv -> info)
                .answer(command("qemu-io"), argv -> "");
    }

    /** LVM's report of {@code first} and the calibration LVs in vg0 now; lvremove takes one away. */
    private String lvs(String first) {
        List<String> rows = new java.util.ArrayList<>(List.of(first));
        rows.addAll(calibrations);
        return "{\"report\": [{\"lv\": [" + String.join(", ", rows) + "]}]}";
    }

    /** An LV of vg0 as both the report's lvs and the identity's lvs read it (each takes its fields). */
    private static String lvRow(String name, String uuid, String tags) {
        return "{\"vg_name\":\"vg0\", \"lv_name\":\"" + name + "\", \"lv_size\":\"8589934592\","
                + " \"segtype\":\"linear\", \"lv_attr\":\"-wi-a-----\", \"lv_read_ahead\":\"0\", \"pool_lv\":\"\","
                + " \"chunk_size\":\"0\", \"zero\":\"\", \"data_percent\":\"\", \"metadata_percent\":\"\","
                + " \"lv_metadata_size\":\"\", \"lv_uuid\":\"" + uuid + "\", \"lv_tags\":\"" + tags + "\"}";
    }

    private static String fileDisk(String path) {
        return "<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='" + path + "'/>"
                + "<target dev='vdb'/></disk>";
    }

    private static final String WEB01_ON_ITS_LV = "<domain type='kvm'><name>web01</name><uuid>" + UUID + "</uuid>"
            + "<memory unit='KiB'>1048576</memory><os><type arch='x86_64'>hvm</type></os><devices>"
            + "<disk type='block' device='disk'><driver name='qemu' type='raw'/><source dev='/dev/vg0/web01-vda'/>"
            + "<target dev='vda'/></disk></devices></domain>";

    private static String domain(String name, String disks) {
        return "<domain type='kvm'><name>" + name + "</name><memory unit='KiB'>1048576</memory>"
                + "<os><type arch='x86_64'>hvm</type></os><devices>" + disks + "</devices></domain>";
    }
}

package io.virttune.apply;

import static io.virttune.process.ScriptedProcessRunner.command;

import io.virttune.apply.guards.PlanTrust;
import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.journal.PlanDigest;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.BlockJobsSource;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.ports.HostFiles;
import io.virttune.apply.ports.ImageHolds;
import io.virttune.apply.ports.StaleWriters;
import io.virttune.apply.undo.Rollback;
import io.virttune.host.HostSettings;
import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.HostIdentity;
import io.virttune.inspect.ImageFacts;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LiveDomain;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.LvmReportParser;
import io.virttune.lvm.ThinDiscards;
import io.virttune.plan.CopyRate;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanPolicy;
import io.virttune.plan.PlanTarget;
import io.virttune.plan.Schedulers;
import io.virttune.process.ScriptedProcessRunner;
import io.virttune.qemu.AllocationMap.Extent;
import io.virttune.recipe.DiskClassifier;
import io.virttune.text.ProgressStyle;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Drives the real {@link ApplyRun} and {@link Rollback} hermetically: every command goes to a
 * {@link ScriptedProcessRunner}, which answers the reads by command from a small model of the
 * host's LVM and images, as it is when each runs, and the acting commands with the replies the
 * test scripts in order (an lvcreate's reply adds its LV to the model); libvirt is {@link
 * InMemoryDefinitions}, and the state directory is the test's. The helpers here print what real
 * {@code lvm} and {@code qemu-img} print.
 */
final class ApplyHarness {
    static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    static final long MIB = 1L << 20;
    static final long GIB = 1L << 30;
    static final String VG = "vg";
    /** What qemu-img compare -p prints of identical images: its progress drawn, then its verdict (qemu-img 7.2). */
    static final String IDENTICAL = "    (0.00/100%)\r    (100.00/100%)\rImages are identical.\n\n";

    final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    final InMemoryDefinitions libvirt = new InMemoryDefinitions();
    final StateDirectory state;
    final StringWriter output = new StringWriter();
    /** How the copies show their progress in {@link #output}. */
    ProgressStyle progress = ProgressStyle.LINES;
    /** The hold and release of each image and each define, in order, as "hold PATH", "release PATH", "define". */
    final List<String> events = new ArrayList<>();
    /** Images a guest holds: a hold of them is refused. */
    final java.util.Set<String> imagesInUse = new java.util.HashSet<>();
    /** Images a guest takes as soon as virt-tune lets them go. */
    final java.util.Set<String> guestStartsOnRelease = new java.util.HashSet<>();
    /** The processes writing each device path, as /proc would show them. */
    final Map<String, List<StaleWriters.Writer>> writers = new LinkedHashMap<>();
    /** Thin pools with no data space left: lvs reports them 100% used. */
    final java.util.Set<String> fullPools = new java.util.HashSet<>();
    /** The data percent lvs reports of thin pools partly used; every other active one it reports empty (or full). */
    final Map<String, String> poolDataPercent = new LinkedHashMap<>();
    /** The metadata percent lvs reports of thin pools whose metadata is partly used; every other active one it reports empty. */
    final Map<String, String> poolMetadataPercent = new LinkedHashMap<>();
    /** Thin pools lvs reports no usage of, as it does of an inactive pool. */
    final java.util.Set<String> inactivePools = new java.util.HashSet<>();
    /** The thin pools lvs reports as zeroing new chunks; every other one does not ({@code -Zn}). */
    final java.util.Set<String> zeroingPools = new java.util.HashSet<>();
    /** What apply reads the time from; a test may give it one that moves. */
    Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    /** The block jobs of running guests; none unless the test scripts them. */
    BlockJobsSource blockJobs = ScriptedBlockJobs.none();
    /** apply --host-bandwidth, bytes per second; 0 for none. */
    long hostBandwidth;

    private final Map<String, ImageFacts> images = new LinkedHashMap<>();
    /** Image files removed (by cleanup, or behind virt-tune's back). */
    final java.util.Set<String> removedImages = new java.util.HashSet<>();
    /** The ranges discarded through each opening of an LV, in order, as {@code offset+length}. */
    final List<List<String>> discardRounds = new ArrayList<>();

    private final Map<String, Lv> lvs = new LinkedHashMap<>();
    /** lv_read_ahead in bytes, as lvs reports it, of LVs whose read-ahead is not 0. */
    private final Map<String, Long> readAheadBytes = new LinkedHashMap<>();

    private long vgFree = 100 * GIB;
    /** What lsblk reports as the LVs' discard limit. */
    private long discardLimitBytes = 4 * GIB;

    /** One LV of the model, with what {@code lvs} reports of it. */
    record Lv(
            String name,
            long sizeBytes,
            String segtype,
            String attr,
            String pool,
            long chunkBytes,
            String uuid,
            List<String> tags) {
        Lv open() {
            return new Lv(
                    name,
                    sizeBytes,
                    segtype,
                    attr.substring(0, 5) + "o" + attr.substring(6),
                    pool,
                    chunkBytes,
                    uuid,
                    tags);
        }
    }

    /** The domain most tests use: site1, shut off, one 8 GiB qcow2 disk on vda. */
    static final String SITE1_UUID = "8f3b2c1e-0000-4000-8000-000000000001";

    static final String SITE1_IMAGE = "/images/site1.qcow2";

    ApplyHarness(Path stateDirectory) {
        state = new StateDirectory(stateDirectory);
        answerTheReads();
    }

    static ApplyHarness withSite1(Path stateDirectory) {
        ApplyHarness host = new ApplyHarness(stateDirectory);
        host.image(SITE1_IMAGE, 8 * GIB, 2 * GIB);
        host.libvirt.add(domainXml("site1", SITE1_UUID, qcow2Disk(SITE1_IMAGE, "vda")), DomainState.SHUTOFF);
        return host;
    }

    /** A shut-off Windows guest "win" (Hyper-V enlightenments, localtime clock): one 8 GiB qcow2 disk on SATA sda. */
    static final String WINDOWS_UUID = "8f3b2c1e-0000-4000-8000-0000000000aa";

    static final String WINDOWS_IMAGE = "/images/win.qcow2";

    static ApplyHarness withWindowsGuest(Path stateDirectory) {
        ApplyHarness host = new ApplyHarness(stateDirectory);
        host.image(WINDOWS_IMAGE, 8 * GIB, 2 * GIB);
        host.libvirt.add(
                ("<domain type='kvm'>\n  <name>win</name>\n  <uuid>" + WINDOWS_UUID + "</uuid>\n"
                        + "  <memory unit='GiB'>1</memory>\n  <vcpu>1</vcpu>\n  <os><type arch='x86_64'>hvm</type></os>\n"
                        + "  <features><hyperv><relaxed state='on'/></hyperv></features>\n  <clock offset='localtime'/>\n"
                        + "  <devices>\n    <disk type='file' device='disk'>\n      <driver name='qemu' type='qcow2'/>\n"
                        + "      <source file='" + WINDOWS_IMAGE
                        + "'/>\n      <target dev='sda' bus='sata'/>\n    </disk>\n"
                        + "  </devices>\n</domain>\n"),
                DomainState.SHUTOFF);
        return host;
    }

    // --- the host ---------------------------------------------------------------------------

    /** A qcow2 image as qemu-img describes it; planning reads it, apply's copy reads its size. */
    ApplyHarness image(String path, long virtualBytes, long allocatedBytes) {
        return image(path, virtualBytes, allocatedBytes, "qemu-img");
    }

    /**
     * An image as a libvirt storage pool describes it (as planning from a recorded host saw it):
     * preflight then has no qemu-img fingerprint to compare.
     */
    ApplyHarness poolImage(String path, long virtualBytes, long allocatedBytes) {
        return image(path, virtualBytes, allocatedBytes, "pool");
    }

    private ApplyHarness image(String path, long virtualBytes, long allocatedBytes, String readFrom) {
        images.put(
                path,
                new ImageFacts(
                        path, "qcow2", virtualBytes, allocatedBytes, List.of(), false, OptionalInt.of(0), readFrom));
        return this;
    }

    /** A linear LV as virt-tune creates it for the domain with this UUID. */
    static Lv ours(String name, long sizeBytes, String domainUuid, String lvUuid) {
        return new Lv(
                name, sizeBytes, "linear", "-wi-a-----", "", 0, lvUuid, List.of(VolumeOwnership.tagsFor(domainUuid)));
    }

    static Lv someoneElses(String name, long sizeBytes) {
        return new Lv(name, sizeBytes, "linear", "-wi-a-----", "", 0, "fOrE-1gn0", List.of());
    }

    /** A thin pool as virt-tune creates it for a plan, with 64 KiB chunks. */
    static Lv ourPool(String name, long sizeBytes, String lvUuid) {
        // As real LVM shows an active pool: open (o), its -tpool device held by the pool device itself.
        return new Lv(
                name,
                sizeBytes,
                "thin-pool",
                "twi-aotz--",
                "",
                64 * 1024,
                lvUuid,
                List.of(VolumeOwnership.tagsFor(VolumeOwnership.POOL_OWNER)));
    }

    static Lv ourThin(String name, long sizeBytes, String pool, String domainUuid, String lvUuid) {
        return new Lv(
                name, sizeBytes, "thin", "Vwi-a-tz--", pool, 0, lvUuid, List.of(VolumeOwnership.tagsFor(domainUuid)));
    }

    /** An LV's read-ahead as lvs reports it (0 unless set here). */
    ApplyHarness readAhead(String lvName, long bytes) {
        readAheadBytes.put(lvName, bytes);
        return this;
    }

    ApplyHarness lv(Lv lv) {
        Lv before = lvs.put(lv.name(), lv);
        vgFree -= vgBytes(lv) - (before == null ? 0 : vgBytes(before));
        return this;
    }

    ApplyHarness withoutLv(String name) {
        vgFree += vgBytes(lvs.remove(name));
        return this;
    }

    private static long vgBytes(Lv lv) {
        return lv.segtype().equals("thin") ? 0 : lv.sizeBytes();
    }

    LvmReport lvmReport() {
        LvmReportParser parser = new LvmReportParser();
        return parser.parse(vgsJson(), lvsJson(), pvsJson());
    }

    // --- the reads, answered by command from the model as each runs -----------------------

    /**
     * LVM's reports, qemu-img's info and map, qemu-io's in-use check and lsblk's discard limit:
     * reads, whose order is not what these tests test, answered from the model whenever they run.
     * What a command changes reaches them through its reply's effect ({@link #replyCreated}). The
     * model's LVs have no device-mapper devices: dmsetup answers as for a device that does not exist
     * (recorded, lvm/thin/README.md), so a thin copy's verify reads the LV in full.
     */
    private void answerTheReads() {
        runner.answer(command("lvm", "vgs"), argv -> vgsJson())
                .answer(command("lvm", "lvs"), argv -> lvsJson())
                .answer(command("lvm", "pvs"), argv -> pvsJson())
                .answer(command("qemu-io", "-f", "raw", "-c", "quit"), argv -> "")
                .answer(command("qemu-img", "info"), argv -> infoJson(argv.get(argv.size() - 1)))
                .answer(command("qemu-img", "map"), argv -> {
                    ImageFacts image = images.get(argv.get(argv.size() - 1));
                    return mapJson(List.of(new Extent(0, image.allocatedBytes())), image);
                })
                .answer(command("lsblk"), argv -> discardLimitBytes + "\n")
                .answerFailure(command("dmsetup"), 1, "Device does not exist.\nCommand failed.\n");
    }

    /** A command of {@code words} on {@code path}, its last argument. */
    private static Predicate<List<String>> commandOn(String path, String... words) {
        return command(words).and(argv -> argv.get(argv.size() - 1).equals(path));
    }

    /** One report recorded from a real host's lvm, {@code vgs.json}, {@code lvs.json}, {@code pvs.json}, for every read. */
    ApplyHarness recordedReport(Path directory) {
        for (String command : List.of("vgs", "lvs", "pvs")) {
            String report = io.virttune.Fixtures.project(
                    directory.resolve(command + ".json").toString());
            runner.answer(command("lvm", command), argv -> report);
        }
        return this;
    }

    /** Another process holds the image open: qemu-io's in-use check finds its lock taken. */
    ApplyHarness lockedElsewhere(String path) {
        runner.answerFailure(
                commandOn(path, "qemu-io"),
                1,
                "qemu-img: Could not open '" + path + "': Failed to get shared \"write\" lock\n");
        return this;
    }

    /** Where {@code path} holds data, as every qemu-img map of it reads from now on: in {@code extents} (in order). */
    ApplyHarness data(String path, List<Extent> extents) {
        return data(path, extents, extents);
    }

    /**
     * Where {@code path} holds data as its first qemu-img map from now on reads it, then as every
     * later one does: the guest wrote (or trimmed) between the two, which the test is about.
     */
    ApplyHarness data(String path, List<Extent> first, List<Extent> then) {
        int[] reads = {0};
        runner.answer(
                commandOn(path, "qemu-img", "map"), argv -> mapJson(reads[0]++ == 0 ? first : then, images.get(path)));
        return this;
    }

    /** qemu-img map of data in {@code extents} (in order), zeros elsewhere, up to the image's virtual size. */
    private static String mapJson(List<Extent> extents, ImageFacts image) {
        List<String> regions = new ArrayList<>();
        long at = 0;
        for (Extent extent : extents) {
            if (extent.start() > at) {
                regions.add(region(at, extent.start() - at, false));
            }
            regions.add(region(extent.start(), extent.length(), true));
            at = extent.start() + extent.length();
        }
        if (image.virtualSizeBytes() > at) {
            regions.add(region(at, image.virtualSizeBytes() - at, false));
        }
        return "[" + String.join(",\n", regions) + "]\n";
    }

    private static String region(long start, long length, boolean data) {
        return "{ \"start\": " + start + ", \"length\": " + length + ", \"depth\": 0, \"present\": " + data
                + ", \"zero\": " + !data + ", \"data\": " + data + "}";
    }

    /** lsblk's discard limit of the LVs: what the kernel lets one discard take, 0 when an LV takes none. */
    ApplyHarness discardLimit(long bytes) {
        discardLimitBytes = bytes;
        return this;
    }

    // --- the acting commands' replies, in the order apply runs them --------------------------

    /** A command that changes something and succeeds silently (lvchange, blkdiscard, sync, a tail's zeroing). */
    ApplyHarness replyOk() {
        runner.succeed("");
        return this;
    }

    /** An lvcreate that succeeds: LVM reports {@code lv} from then on. */
    ApplyHarness replyCreated(Lv lv) {
        runner.succeed("", () -> lv(lv));
        return this;
    }

    /** An lvremove that succeeds: LVM no longer reports the LV from then on. */
    ApplyHarness replyRemoved(String lvName) {
        runner.succeed("", () -> withoutLv(lvName));
        return this;
    }

    /** A copy into a linear LV of {@code lvBytes}: convert, tail zeroing when the LV is larger, compare. */
    ApplyHarness replyLinearCopy(String path, long lvBytes) {
        runner.succeed("    (100.00/100%)\n");
        if (lvBytes > images.get(path).virtualSizeBytes()) {
            runner.succeed("");
        }
        runner.succeed(IDENTICAL);
        return this;
    }

    /** A copy into a fresh thin LV: convert, compare. */
    ApplyHarness replyThinCopy() {
        runner.succeed("    (100.00/100%)\n").succeed(IDENTICAL);
        return this;
    }

    /** A copy that fails: the device went bad. */
    ApplyHarness replyFailedCopy() {
        runner.fail(1, "qemu-img: error while writing at byte 0: Input/output error\n");
        return this;
    }

    /**
     * Every acting reply of site1's first migration, in order: lvcreate (the LV then exists, uuid
     * Lv-A), lvchange, the copy.
     */
    ApplyHarness replySite1Migration() {
        return replySite1UntilTheCopy().replyLinearCopy(SITE1_IMAGE, 8 * GIB);
    }

    ApplyHarness replySite1UntilTheCopy() {
        return replyCreated(ours("site1-vda", 8 * GIB, SITE1_UUID, "Lv-A")).replyOk();
    }

    /**
     * Every acting reply of the Windows guest's staging apply, in order: its disk's LV made, its
     * read-ahead set, copied; the temporary virtio LV made, zeroed and synced.
     */
    ApplyHarness replyWindowsStaging() {
        return replyCreated(ours("win-sda", 8 * GIB, WINDOWS_UUID, "Lv-A"))
                .replyOk()
                .replyLinearCopy(WINDOWS_IMAGE, 8 * GIB)
                .replyCreated(ours("win-virtio-stage", 64 * MIB, WINDOWS_UUID, "Lv-T"))
                .replyOk()
                .replyOk();
    }

    private String infoJson(String path) {
        ImageFacts image = images.get(path);
        return "[{\"filename\": \"" + path + "\", \"format\": \"qcow2\", \"virtual-size\": " + image.virtualSizeBytes()
                + ", \"actual-size\": " + image.allocatedBytes() + ", \"cluster-size\": 65536, \"dirty-flag\": false}]";
    }

    private String vgsJson() {
        return "{\"report\": [{\"vg\": [{\"vg_name\":\"" + VG + "\", \"vg_extent_size\":\"" + 4 * MIB
                + "\", \"vg_size\":\"" + 200 * GIB + "\", \"vg_free\":\"" + vgFree
                + "\", \"pv_count\":\"1\", \"lv_count\":\""
                + lvs.size() + "\"}]}]}";
    }

    private String lvsJson() {
        return "{\"report\": [{\"lv\": ["
                + lvs.values().stream()
                        .map(lv -> "{\"vg_name\":\"" + VG
                                + "\", \"lv_name\":\"" + lv.name() + "\", \"lv_size\":\"" + lv.sizeBytes()
                                + "\", \"segtype\":\""
                                + lv.segtype() + "\", \"lv_attr\":\"" + lv.attr() + "\", \"lv_read_ahead\":\""
                                + readAheadBytes.getOrDefault(lv.name(), 0L) + "\", \"pool_lv\":\""
                                + lv.pool() + "\", \"chunk_size\":\"" + lv.chunkBytes() + "\", \"zero\":\""
                                + (zeroingPools.contains(lv.name()) ? "zero" : "") + "\", "
                                + poolUsage(lv) + ", "
                                + "\"lv_uuid\":\"" + lv.uuid() + "\", \"lv_tags\":\"" + String.join(",", lv.tags())
                                + "\"}")
                        .collect(Collectors.joining(", "))
                + "]}]}";
    }

    /** A pool's usage as lvs prints it: empty (or partly used, full, or none), with 128 MiB of metadata; other LVs print none. */
    private String poolUsage(Lv lv) {
        boolean pool = lv.segtype().equals("thin-pool");
        boolean reported = pool && !inactivePools.contains(lv.name());
        String data = fullPools.contains(lv.name()) ? "100.00" : poolDataPercent.getOrDefault(lv.name(), "0.00");
        return "\"data_percent\":\"" + (reported ? data : "") + "\", \"metadata_percent\":\""
                + (reported ? poolMetadataPercent.getOrDefault(lv.name(), "0.00") : "")
                + "\", \"lv_metadata_size\":\"" + (pool ? 128 * MIB : "") + "\"";
    }

    private String pvsJson() {
        return "{\"report\": [{\"pv\": [{\"pv_name\":\"/dev/nvme0n1\", \"vg_name\":\"" + VG + "\", \"pv_size\":\""
                + 200 * GIB + "\", \"pv_free\":\"" + vgFree + "\"}]}]}";
    }

    // --- planning, applying, rolling back -----------------------------------------------------

    /** A plan into linear LVs of the VG, made by the real planner from the domains as they are now. */
    Plan plan(String... domainNames) {
        return plan(PlanTarget.linear(VG), domainNames);
    }

    /** {@link #plan} with a schedule at 100 MiB/s a copy and its verify (site1's 2 GiB: 21 s); no guest moves live. */
    Plan scheduledPlan(String... domainNames) {
        Plan plan = plan(domainNames);
        HostFacts noLiveGuest = new HostFacts(
                new HostIdentity("qemu:///system", "hv", "9.0.0", "QEMU 7.2.0"),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                List.of());
        return plan.withSchedule(Schedulers.atRate(CopyRate.given(100L << 20), Duration.ZERO)
                .schedule(plan, noLiveGuest, Schedulers.UNSAMPLED));
    }

    /** A plan into thin LVs of a new 20 GiB pool of the VG, with 64 KiB chunks, zeroing on. */
    Plan planIntoNewPool(String pool, String... domainNames) {
        return plan(PlanTarget.thin(VG, pool, new PlanTarget.NewThinPool(20 * GIB, 64 * 1024, true)), domainNames);
    }

    /** A plan into thin LVs of a pool the host has already. */
    Plan planIntoPool(String pool, String... domainNames) {
        return plan(PlanTarget.thin(VG, pool, null), domainNames);
    }

    /** A plan into linear LVs for domains whose Windows VirtIO driver the operator says is bound (--virtio-ready). */
    Plan planVirtioReady(String... domainNames) {
        PlanPolicy defaults = PlanPolicy.defaults(PlanTarget.linear(VG));
        return plan(
                new PlanPolicy(
                        defaults.target(),
                        defaults.cacheMode(),
                        defaults.reserveFraction(),
                        java.util.Set.of(domainNames),
                        defaults.dropSnapshots(),
                        defaults.hugepages()),
                domainNames);
    }

    /** A plan into linear LVs of the VG, running guests moved while they run (--live). */
    Plan planLive(PlanPolicy.Live live, String... domainNames) {
        return planLive(0, live, domainNames);
    }

    /** As {@link #planLive(PlanPolicy.Live, String...)}, each disk's copy capped at {@code bandwidth} per second. */
    Plan planLive(long bandwidth, PlanPolicy.Live live, String... domainNames) {
        return plan(
                PlanPolicy.defaults(PlanTarget.linear(VG))
                        .withBandwidth(bandwidth)
                        .withLive(live),
                domainNames);
    }

    /** As {@link #planLive(long, PlanPolicy.Live, String...)}, into thin LVs of a pool the host has already. */
    Plan planLiveIntoPool(String pool, long bandwidth, PlanPolicy.Live live, String... domainNames) {
        return plan(
                PlanPolicy.defaults(PlanTarget.thin(VG, pool, null))
                        .withBandwidth(bandwidth)
                        .withLive(live),
                domainNames);
    }

    private Plan plan(PlanTarget target, String... domainNames) {
        return plan(PlanPolicy.defaults(target), domainNames);
    }

    private Plan plan(PlanPolicy policy, String... domainNames) {
        return plan(policy, libvirt, path -> Optional.ofNullable(images.get(path)), lvmReport(), domainNames);
    }

    /** A plan made by the real planner from these domains, images and LVs as they are now. */
    static Plan plan(
            PlanPolicy policy,
            InMemoryDefinitions libvirt,
            java.util.function.Function<String, Optional<ImageFacts>> images,
            LvmReport lvm,
            String... domainNames) {
        List<DomainFacts> domains = new ArrayList<>();
        for (String name : domainNames) {
            LiveDomain live = libvirt.find(name).orElseThrow();
            DomainXml xml = DomainXml.parse(live.inactiveXml(), name);
            List<DiskFacts> disks = new ArrayList<>();
            for (DiskView disk : xml.disks()) {
                disks.add(new DiskFacts(
                        disk,
                        DiskClassifier.classify(disk),
                        disk.sourcePath().flatMap(images),
                        disk.sourcePath().flatMap(lvm::logicalVolumeByDevice),
                        Optional.empty()));
            }
            domains.add(new DomainFacts(name, live.state(), Optional.of(xml), disks, Optional.empty()));
        }
        HostFacts facts = new HostFacts(
                new HostIdentity("qemu:///system", "hv-test", "9.0.0", "QEMU 7.2.0"),
                Optional.<HostSettings>empty(),
                Optional.of(lvm),
                domains,
                List.of());
        return new MigrationPlanner(policy).plan(facts, NOW);
    }

    ApplyPorts ports(boolean execute) {
        PrintWriter log = new PrintWriter(output, true);
        HostFactsSource host = new HostFactsSource() {
            @Override
            public HostSettings settings() {
                throw new AssertionError("apply reads no host settings");
            }

            @Override
            public LvmReport lvm() {
                return new LvmCli(runner).report();
            }

            @Override
            public Optional<ImageFacts> image(String path, String format) {
                return Optional.ofNullable(images.get(path));
            }
        };
        return ApplyPorts.over(
                new ApplyPorts.Host(
                        runner,
                        discards(),
                        false,
                        () -> libvirt,
                        host,
                        staleWriters(),
                        holds(),
                        blockJobs,
                        state,
                        files(),
                        clock),
                execute,
                line -> log.println("    " + line));
    }

    /** Each range through the runner's blkdiscard, as {@link #discardRounds} records them. */
    private ThinDiscards discards() {
        ThinDiscards each = ThinDiscards.through(new LvmCli(runner));
        return (vgName, name) -> {
            List<String> round = new ArrayList<>();
            discardRounds.add(round);
            ThinDiscards.Discarding lv = each.open(vgName, name);
            return (offset, length) -> {
                round.add(offset + "+" + length);
                lv.discard(offset, length);
            };
        };
    }

    /** The image files: those the test made with {@link #image}, less those removed since. */
    private HostFiles files() {
        return TestFiles.of(path -> images.containsKey(path) && !removedImages.contains(path), removedImages::add);
    }

    /** The real refusal of {@link StaleWriters}, over the writers the test says /proc shows. */
    private StaleWriters staleWriters() {
        StaleWriters stale = org.mockito.Mockito.mock(StaleWriters.class);
        org.mockito.Mockito.when(stale.of(org.mockito.ArgumentMatchers.anyString()))
                .thenAnswer(call -> writers.getOrDefault(call.<String>getArgument(0), List.of()));
        org.mockito.Mockito.doCallRealMethod()
                .when(stale)
                .requireNone(org.mockito.ArgumentMatchers.anyString(), org.mockito.ArgumentMatchers.anyString());
        return stale;
    }

    private ImageHolds holds() {
        return (path, domain) -> {
            if (imagesInUse.contains(path)) {
                throw io.virttune.VirtTuneException.refused(
                        "image " + path + " of '" + domain + "' is in use by another process");
            }
            events.add("hold " + path);
            return () -> {
                events.add("release " + path);
                if (guestStartsOnRelease.contains(path)) {
                    imagesInUse.add(path);
                }
            };
        };
    }

    /**
     * The trust check apply makes of a plan file before anything (PlanTrust, as the apply command
     * runs it), against this host's definitions, LVs and journals as they are now; throws its refusal.
     */
    void trust(Plan plan, String... domainNames) {
        List<String> names = List.of(domainNames);
        new PlanTrust(
                        new IdentifiedHost("qemu:///system", "hv-test", Optional.empty(), libvirt, names),
                        new PrintWriter(output, true),
                        false,
                        question -> Optional.empty(),
                        () -> true,
                        path -> lvmReport().logicalVolumeByDevice(path),
                        state::journal)
                .check(plan, names);
    }

    List<DomainResult> apply(Plan plan, boolean execute, boolean resume) {
        PrintWriter out = new PrintWriter(output, true);
        return new ApplyRun(ports(execute), out, 1, resume, progress, 0, hostBandwidth).run(plan, plan.domains());
    }

    DomainResult rollback(String name, boolean execute, boolean force) {
        return new Rollback(ports(execute), new PrintWriter(output, true)).run(name, force);
    }

    /** The journal of site1's apply as a crash right after its lvcreate leaves it: LV journaled, step started. */
    DomainJournal interruptedRightAfterLvcreate(Plan plan) {
        return DomainJournal.start(
                        "site1",
                        SITE1_UUID,
                        plan.createdAt(),
                        plan.domains().get(0).fingerprint(),
                        PlanDigest.of(plan.domains().get(0)),
                        "/b.xml",
                        List.of(SITE1_IMAGE),
                        List.of(io.virttune.apply.custody.DiskCustody.copying(SITE1_IMAGE, "vg/site1-vda")))
                .withCreatedVolume("vg/site1-vda")
                .with(new JournalEntry(0, "CreateVolume", JournalEntry.StepState.STARTED, "t", ""));
    }

    /** Every argv that ran, as shell-like lines, for asserting what was (not) run. */
    List<String> commandLines() {
        return runner.commands().stream().map(argv -> String.join(" ", argv)).toList();
    }

    // --- domains ------------------------------------------------------------------------------

    static String domainXml(String name, String uuid, String disks) {
        return "<domain type='kvm'>\n  <name>" + name + "</name>\n  <uuid>" + uuid + "</uuid>\n"
                + "  <memory unit='GiB'>1</memory>\n  <vcpu>1</vcpu>\n  <os><type arch='x86_64'>hvm</type></os>\n"
                + "  <devices>\n" + disks + "  </devices>\n</domain>\n";
    }

    static String qcow2Disk(String path, String target) {
        return "    <disk type='file' device='disk'>\n      <driver name='qemu' type='qcow2'/>\n"
                + "      <source file='" + path + "'/>\n      <target dev='" + target
                + "' bus='virtio'/>\n    </disk>\n";
    }

    /** Adds a disk to a domain's definition, as an operator's virsh attach-disk --config would. */
    void attach(String name, String disk) {
        libvirt.define(libvirt.inactiveXml(name).replace("  </devices>", disk + "  </devices>"));
    }

    static DomainState shutOff() {
        return DomainState.SHUTOFF;
    }
}

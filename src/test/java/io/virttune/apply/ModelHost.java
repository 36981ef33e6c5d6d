package io.virttune.apply;

import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.HostFiles;
import io.virttune.apply.ports.ImageHolds;
import io.virttune.apply.ports.StaleWriters;
import io.virttune.host.HostSettings;
import io.virttune.inspect.FakeLibvirt;
import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.ImageFacts;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LiveDomain;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.ThinDiscards;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A host whose {@code lvm}, {@code qemu-img} and {@code qemu-io} answer by command from a model of
 * its LVs and image files, each store holding a named content ("A.3": disk A after its third
 * write), so that any sequence of commands can run through the real apply, rollback and cleanup
 * without a script of replies in order. A running guest holds the stores its live definition
 * names, as QEMU's image locks do. Hooks stop a command at its n-th acting call, as a kill would,
 * or run a second command there, as a second process would.
 */
final class ModelHost implements ProcessRunner {
    static final String VG = "vg";
    static final long GIB = 1L << 30;
    static final long DISK_BYTES = 8 * GIB;

    /** Thrown where a kill would stop the process: no catch of RuntimeException sees it. */
    static final class Killed extends Error {
        Killed() {
            super("killed", null, false, false);
        }
    }

    /** One LV of the model: what {@code lvs} reports of it and what it holds. */
    record Lv(String name, String uuid, List<String> tags, String content) {
        Lv holding(String next) {
            return new Lv(name, uuid, tags, next);
        }
    }

    final InMemoryDefinitions libvirt = new InMemoryDefinitions();
    final Map<String, String> files = new LinkedHashMap<>();
    final Map<String, Lv> lvs = new LinkedHashMap<>();
    /** Images a process other than a guest holds open (a backup reading one). */
    final Set<String> readers = new HashSet<>();
    /** Images apply holds while it defines the domain, so that no guest starts on them. */
    private final Set<String> heldByApply = new HashSet<>();
    /** Each running block copy: domain/disk to the device it copies onto. */
    final Map<String, String> mirrors = new LinkedHashMap<>();
    /** Each image's backing chain, as qemu-img reads it. */
    final Map<String, List<String>> backingChains = new LinkedHashMap<>();

    final StateDirectory state;
    private int lvCounter;
    private int acts;
    private int hookAt = -1;
    private Runnable hook = () -> {};

    ModelHost(Path stateDirectory) {
        state = new StateDirectory(stateDirectory);
    }

    /** At the n-th acting command from now (1 for the next one), before it runs, {@code action} runs once. */
    void atAct(int n, Runnable action) {
        hookAt = acts + n;
        hook = action;
    }

    /** A kill at the n-th acting command from now; a copy killed midway leaves its LV half written. */
    void killAt(int n) {
        atAct(n, () -> {
            throw new Killed();
        });
    }

    void clearHooks() {
        hookAt = -1;
    }

    // --- what guests do -----------------------------------------------------------------------

    /** The stores a running guest holds: every source its live definition names. */
    Set<String> heldByGuests() {
        Set<String> held = new HashSet<>();
        for (String xml : libvirt.allDefinitions()) {
            String name = DomainXml.parse(xml, "model").name();
            if (libvirt.liveXmlOrNull(name) != null
                    && libvirt.liveXmlOrNull(name).equals(xml)) {
                held.addAll(sources(xml));
            }
        }
        return held;
    }

    static List<String> sources(String xml) {
        return DomainXml.parse(xml, "model").disks().stream()
                .map(DiskView::sourcePath)
                .flatMap(Optional::stream)
                .toList();
    }

    boolean exists(String store) {
        return files.containsKey(store) || lvs.containsKey(lvKey(store));
    }

    String content(String store) {
        return files.containsKey(store)
                ? files.get(store)
                : Optional.ofNullable(lvs.get(lvKey(store))).map(Lv::content).orElse(null);
    }

    void write(String store, String content) {
        if (files.containsKey(store)) {
            files.put(store, content);
        } else {
            lvs.put(lvKey(store), lvs.get(lvKey(store)).holding(content));
        }
    }

    /**
     * A running guest's write to {@code store}, its disk {@code disk} of {@code domain}: a block copy
     * of that disk gets it too, as QEMU's mirror does.
     */
    void guestWrite(String domain, String disk, String store, String content) {
        write(store, content);
        Optional.ofNullable(mirrors.get(domain + "/" + disk)).ifPresent(copy -> write(copy, content));
    }

    /** A guest powered off: its QEMU, and with it every block copy of its disks, ends. */
    void stop(String domain) {
        libvirt.stop(domain);
        mirrors.keySet().removeIf(key -> key.startsWith(domain + "/"));
    }

    private static String lvKey(String device) {
        return device.startsWith("/dev/" + VG + "/") ? device.substring(("/dev/" + VG + "/").length()) : "-";
    }

    // --- the commands ---------------------------------------------------------------------------

    /**
     * A block-job call that changes the domain (copy, speed, pivot or abort, pause, resume): as much
     * a point to stop at as a command.
     */
    void jobCall() {
        acts++;
        if (acts == hookAt) {
            hookAt = -1;
            hook.run();
        }
    }

    @Override
    public ProcessResult act(List<String> argv, Consumer<String> stdoutLines) {
        acts++;
        if (acts == hookAt) {
            hookAt = -1;
            if (argv.get(0).equals("qemu-img") && argv.get(1).equals("convert")) {
                // Killed midway: the LV holds part of the copy.
                Runnable then = hook;
                lvs.computeIfPresent(lvKey(argv.get(argv.size() - 1)), (name, lv) -> lv.holding("partial"));
                then.run();
            } else {
                hook.run();
            }
        }
        return run(argv, stdoutLines);
    }

    @Override
    public ProcessResult feed(List<String> argv, String input, Consumer<String> stderrLines) {
        throw new AssertionError("nothing is fed to a command on one host: " + argv);
    }

    /** The model answers at once: no limit can run out. */
    @Override
    public ProcessResult run(List<String> argv, Duration limit) {
        return run(argv);
    }

    @Override
    public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
        String last = argv.get(argv.size() - 1);
        return switch (argv.get(0) + " " + argv.get(1)) {
            case "lvm vgs" -> ok(argv, vgsJson());
            case "lvm lvs" -> ok(argv, lvsJson());
            case "lvm pvs" ->
                ok(
                        argv,
                        "{\"report\": [{\"pv\": [{\"pv_name\":\"/dev/nvme0n1\", \"vg_name\":\"" + VG
                                + "\", \"pv_size\":\"" + 200 * GIB + "\", \"pv_free\":\"" + vgFree() + "\"}]}]}");
            case "lvm lvcreate" -> lvcreate(argv);
            case "lvm lvchange" -> ok(argv, "");
            case "lvm lvremove" -> lvremove(argv, last);
            case "blkdiscard --zeroout", "blkdiscard --offset" -> ok(argv, "");
            case "lsblk --nodeps" -> ok(argv, "0\n");
            case "qemu-img info" ->
                exists(last)
                        ? ok(
                                argv,
                                "[{\"filename\": \"" + last + "\", \"format\": \"qcow2\","
                                        + " \"virtual-size\": " + DISK_BYTES + ", \"actual-size\": " + GIB
                                        + ", \"cluster-size\": 65536,"
                                        + " \"dirty-flag\": false}]")
                        : fail(argv, "qemu-img: Could not open '" + last + "': No such file");
            case "qemu-img map" ->
                ok(
                        argv,
                        "[{ \"start\": 0, \"length\": " + DISK_BYTES
                                + ", \"depth\": 0, \"present\": true, \"zero\": false, \"data\": true}]");
            case "qemu-img convert" -> convert(argv, argv.get(argv.size() - 2), last);
            case "qemu-img compare" -> compare(argv, argv.get(argv.size() - 2), last);
            case "qemu-io -f" ->
                !exists(last)
                        ? fail(argv, "qemu-io: can't open device " + last + ": No such file")
                        : held(last)
                                ? fail(argv, "qemu-io: can't open device " + last + ": Failed to get \"write\" lock")
                                : ok(argv, "");
            default -> throw new AssertionError("the model host knows no command " + argv);
        };
    }

    private boolean held(String store) {
        return readers.contains(store)
                || heldByApply.contains(store)
                || heldByGuests().contains(store);
    }

    private ProcessResult lvcreate(List<String> argv) {
        String name = argv.get(argv.indexOf("-n") + 1);
        if (lvs.containsKey(name)) {
            return fail(argv, "  Logical Volume \"" + name + "\" already exists in volume group \"" + VG + "\"");
        }
        List<String> tags = new ArrayList<>();
        for (int i = 0; i < argv.size() - 1; i++) {
            if (argv.get(i).equals("--addtag")) {
                tags.add(argv.get(i + 1));
            }
        }
        // A linear LV holds its extents' old data until something writes it.
        lvs.put(name, new Lv(name, "Lv-" + ++lvCounter, tags, "old extents"));
        return ok(argv, "");
    }

    private ProcessResult lvremove(List<String> argv, String vgSlashLv) {
        String name = vgSlashLv.substring(VG.length() + 1);
        if (!lvs.containsKey(name)) {
            return fail(argv, "  Failed to find logical volume \"" + vgSlashLv + "\"");
        }
        if (held("/dev/" + vgSlashLv)) {
            return fail(argv, "  Logical volume " + vgSlashLv + " in use.");
        }
        lvs.remove(name);
        return ok(argv, "");
    }

    private ProcessResult convert(List<String> argv, String source, String target) {
        if (!exists(source) || !exists(target)) {
            return fail(argv, "qemu-img: Could not open '" + (exists(source) ? target : source) + "'");
        }
        write(target, content(source));
        return ok(argv, "    (100.00/100%)\n");
    }

    private ProcessResult compare(List<String> argv, String one, String other) {
        if (!exists(one) || !exists(other)) {
            return new ProcessResult(argv, 2, "", "qemu-img: Could not open '" + (exists(one) ? other : one) + "'");
        }
        return content(one).equals(content(other))
                ? ok(argv, "Images are identical.\n")
                : new ProcessResult(argv, 1, "Content mismatch at offset 0!\n", "");
    }

    private static ProcessResult ok(List<String> argv, String stdout) {
        return new ProcessResult(argv, 0, stdout, "");
    }

    private static ProcessResult fail(List<String> argv, String stderr) {
        return new ProcessResult(argv, 5, "", stderr + "\n");
    }

    private long vgFree() {
        return 200 * GIB - lvs.size() * DISK_BYTES;
    }

    private String vgsJson() {
        return "{\"report\": [{\"vg\": [{\"vg_name\":\"" + VG + "\", \"vg_extent_size\":\"" + (4 << 20)
                + "\", \"vg_size\":\"" + 200 * GIB + "\", \"vg_free\":\"" + vgFree() + "\", \"pv_count\":\"1\","
                + " \"lv_count\":\"" + lvs.size() + "\"}]}]}";
    }

    private String lvsJson() {
        Set<String> held = heldByGuests();
        return "{\"report\": [{\"lv\": ["
                + lvs.values().stream()
                        .map(lv -> "{\"vg_name\":\"" + VG + "\", \"lv_name\":\""
                                + lv.name() + "\", \"lv_size\":\"" + DISK_BYTES
                                + "\", \"segtype\":\"linear\", \"lv_attr\":\""
                                + (held.contains("/dev/" + VG + "/" + lv.name()) ? "-wi-ao----" : "-wi-a-----")
                                + "\", \"lv_read_ahead\":\"0\", \"pool_lv\":\"\", \"chunk_size\":\"0\", \"zero\":\"\", \"data_percent\":\"\","
                                + " \"metadata_percent\":\"\", \"lv_metadata_size\":\"\", \"lv_uuid\":\"" + lv.uuid()
                                + "\", \"lv_tags\":\""
                                + String.join(",", lv.tags()) + "\", \"lv_parent\":\"\"}")
                        .collect(Collectors.joining(", "))
                + "]}]}";
    }

    // --- the ports apply, rollback and cleanup act through ----------------------------------------

    ApplyPorts ports(PrintWriterSink log) {
        HostFactsSource facts = new HostFactsSource() {
            @Override
            public HostSettings settings() {
                throw new AssertionError("apply reads no host settings");
            }

            @Override
            public LvmReport lvm() {
                return new LvmCli(ModelHost.this).report();
            }

            @Override
            public Optional<ImageFacts> image(String path, String format) {
                return exists(path) ? Optional.of(imageFacts(path)) : Optional.empty();
            }
        };
        return ApplyPorts.over(
                new ApplyPorts.Host(
                        this,
                        ThinDiscards.through(new LvmCli(this)),
                        false,
                        () -> libvirt,
                        facts,
                        noStaleWriters(),
                        holds(),
                        blockJobs(),
                        state,
                        files(),
                        Clock.fixed(Instant.parse("2026-12-06T03:00:00Z"), ZoneOffset.UTC)),
                true,
                log::line);
    }

    /** A plan of the domain into linear LVs of the VG, made from the model as it is now. */
    io.virttune.plan.Plan plan(String domain) {
        return plan(io.virttune.plan.PlanPolicy.defaults(io.virttune.plan.PlanTarget.linear(VG)), domain);
    }

    /** As {@link #plan(String)}, the running guest's disks moved live ({@code plan --live}). */
    io.virttune.plan.Plan planLive(String domain) {
        return plan(
                io.virttune.plan.PlanPolicy.defaults(io.virttune.plan.PlanTarget.linear(VG))
                        .withBandwidth(64L << 20)
                        .withLive(new io.virttune.plan.PlanPolicy.Live(false, false)),
                domain);
    }

    private io.virttune.plan.Plan plan(io.virttune.plan.PlanPolicy policy, String domain) {
        return ApplyHarness.plan(
                policy,
                libvirt,
                path -> exists(path) && files.containsKey(path) ? Optional.of(imageFacts(path)) : Optional.empty(),
                new LvmCli(this).report(),
                domain);
    }

    private io.virttune.apply.ports.BlockJobsSource blockJobs() {
        return new io.virttune.apply.ports.BlockJobsSource() {
            @Override
            public <T> T with(String domain, java.util.function.Function<io.virttune.blockjob.BlockJobs, T> action) {
                return action.apply(new ModelBlockJobs(ModelHost.this, domain));
            }

            @Override
            public io.virttune.apply.ports.CopyTimings timings() {
                return new io.virttune.apply.ports.CopyTimings(
                        java.time.Duration.ZERO, java.time.Duration.ofMinutes(1), java.time.Duration.ofMinutes(2));
            }
        };
    }

    ImageFacts imageFacts(String path) {
        return new ImageFacts(
                path,
                "qcow2",
                DISK_BYTES,
                GIB,
                backingChains.getOrDefault(path, List.of()),
                false,
                OptionalInt.of(0),
                "qemu-img");
    }

    /** Where the commands' words go. */
    interface PrintWriterSink {
        void line(String line);
    }

    /** What cleanup reads every domain through: the model's domains as libvirt lists them now. */
    FakeLibvirt inventory() {
        FakeLibvirt inventory = new FakeLibvirt();
        for (String name : domainNames()) {
            LiveDomain domain = libvirt.find(name).orElseThrow();
            if (domain.state().isShutOff()) {
                inventory.domain(name, DomainState.SHUTOFF, domain.inactiveXml());
            } else {
                inventory.running(name, domain.inactiveXml(), libvirt.liveXmlOrNull(name));
            }
        }
        return inventory;
    }

    List<String> domainNames() {
        return libvirt.allDefinitions().stream()
                .map(xml -> DomainXml.parse(xml, "model").name())
                .distinct()
                .toList();
    }

    private HostFiles files() {
        return TestFiles.of(files::containsKey, files::remove);
    }

    private ImageHolds holds() {
        return (path, domain) -> {
            if (held(path)) {
                throw io.virttune.VirtTuneException.refused(
                        "image " + path + " of '" + domain + "' is in use by another process");
            }
            heldByApply.add(path);
            return () -> heldByApply.remove(path);
        };
    }

    private static StaleWriters noStaleWriters() {
        StaleWriters stale = org.mockito.Mockito.mock(StaleWriters.class);
        org.mockito.Mockito.when(stale.of(org.mockito.ArgumentMatchers.anyString()))
                .thenReturn(List.of());
        return stale;
    }
}

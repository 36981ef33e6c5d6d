package io.virttune.apply;

import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.undo.Cleanup;
import io.virttune.apply.undo.Rollback;
import io.virttune.libvirt.DomainState;
import io.virttune.plan.Plan;
import io.virttune.text.ProgressStyle;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One history of commands an operator, a guest and a second process run on a {@link ModelHost}:
 * site's two disks (A on vda, B on vdb) and other's one (O), each command through the real apply
 * (offline, or live over {@link ModelBlockJobs}), rollback and cleanup, and after each the oracle:
 * every disk's newest bytes are in some store, every store a definition names is there and holds
 * its disk whole, site is never half-defined, and a refused command changed nothing.
 */
final class CustodyChain {
    static final String SITE = "site";
    static final String OTHER = "other";
    static final String A = "/images/a.qcow2";
    static final String B = "/images/b.qcow2";
    static final String O = "/images/other.qcow2";
    static final String C = "/images/c.qcow2";
    private static final Map<String, String> DISK_OF_TARGET =
            Map.of(SITE + "/vda", "A", SITE + "/vdb", "B", SITE + "/vdc", "C", OTHER + "/vda", "O");

    final ModelHost host;
    final List<String> history = new ArrayList<>();
    private final StringWriter output = new StringWriter();
    private final PrintWriter out = new PrintWriter(output, true);
    /** Each disk's newest content, as the guest last wrote it (or an operator's --force accepted). */
    private final Map<String, String> newest = new LinkedHashMap<>();

    private final Map<String, Integer> writes = new HashMap<>();
    private Plan lastPlan;

    CustodyChain(Path stateDirectory) {
        host = new ModelHost(stateDirectory);
        host.files.put(A, "A.0");
        host.files.put(B, "B.0");
        host.files.put(O, "O.0");
        newest.putAll(Map.of("A", "A.0", "B", "B.0", "O", "O.0"));
        host.libvirt.add(
                ApplyHarness.domainXml(
                        SITE,
                        "8f3b2c1e-0000-4000-8000-00000000c001",
                        ApplyHarness.qcow2Disk(A, "vda") + ApplyHarness.qcow2Disk(B, "vdb")),
                DomainState.SHUTOFF);
        host.libvirt.add(
                ApplyHarness.domainXml(OTHER, "8f3b2c1e-0000-4000-8000-00000000c002", ApplyHarness.qcow2Disk(O, "vda")),
                DomainState.SHUTOFF);
    }

    /** The steps a history is made of: each one command, a guest's doing, or two commands at once. */
    enum Action {
        APPLY,
        APPLY_KILLED,
        RESUME,
        RESUME_KILLED,
        ROLLBACK,
        ROLLBACK_FORCE,
        CLEANUP,
        START,
        WRITE,
        STOP,
        READER_HOLDS_A,
        READER_RELEASES_A,
        OTHER_BACKED_BY_B,
        ATTACH_C,
        CLEANUP_DURING_ROLLBACK_FORCE,
        ROLLBACK_FORCE_DURING_CLEANUP,
        RESUME_DURING_ROLLBACK,
        START_DURING_APPLY,
        LIVE_MOVE,
        LIVE_MOVE_KILLED,
        WRITE_DURING_LIVE_MOVE
    }

    /** Runs {@code action}, {@code random} choosing where a kill or a second command comes, then checks the oracle. */
    void run(Action action, Random random) {
        Snapshot before = new Snapshot(host);
        String result = switch (action) {
            case APPLY -> apply(false, 0);
            case APPLY_KILLED -> apply(false, 1 + random.nextInt(10));
            case RESUME -> apply(true, 0);
            case RESUME_KILLED -> apply(true, 1 + random.nextInt(8));
            case ROLLBACK -> rollback(false);
            case ROLLBACK_FORCE -> rollback(true);
            case CLEANUP -> cleanup();
            case START -> start();
            case WRITE -> write();
            case STOP -> stop();
            case READER_HOLDS_A -> guestless(() -> host.readers.add(A));
            case READER_RELEASES_A -> guestless(() -> host.readers.remove(A));
            case OTHER_BACKED_BY_B -> guestless(() -> host.backingChains.put(O, List.of(B)));
            case ATTACH_C -> attachC();
            case CLEANUP_DURING_ROLLBACK_FORCE -> during(1 + random.nextInt(2), this::cleanup, () -> rollback(true));
            case ROLLBACK_FORCE_DURING_CLEANUP -> during(1, () -> rollback(true), this::cleanup);
            case RESUME_DURING_ROLLBACK -> during(1 + random.nextInt(3), () -> apply(true, 0), () -> rollback(false));
            case START_DURING_APPLY -> during(1 + random.nextInt(10), this::start, () -> apply(false, 0));
            case LIVE_MOVE -> liveMove(0);
            case LIVE_MOVE_KILLED -> liveMove(1 + random.nextInt(6));
            case WRITE_DURING_LIVE_MOVE -> during(1 + random.nextInt(6), this::write, () -> liveMove(0));
        };
        history.add(action + " -> " + result);
        check(action, result, before);
    }

    /** plan --live and apply of the running guest; killed at its {@code killAt}-th acting command if not 0. */
    private String liveMove(int killAt) {
        if (host.libvirt.liveXmlOrNull(SITE) == null) {
            return "not running";
        }
        lastPlan = host.planLive(SITE);
        return run(lastPlan, false, killAt);
    }

    private String apply(boolean resume, int killAt) {
        Plan plan = resume ? lastPlan : host.plan(SITE);
        if (plan == null) {
            return "no plan to resume";
        }
        lastPlan = plan;
        return run(plan, resume, killAt);
    }

    private String run(Plan plan, boolean resume, int killAt) {
        if (killAt > 0) {
            host.killAt(killAt);
        }
        try {
            List<DomainResult> results = new ApplyRun(
                            host.ports(out::println), out, 1, resume, ProgressStyle.LINES, 0, 0)
                    .run(plan, plan.domains());
            return results.get(0).result() + ": " + results.get(0).detail();
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof ModelHost.Killed) {
                return "killed at its " + killAt + ". acting command";
            }
            throw e;
        } finally {
            host.clearHooks();
        }
    }

    private String rollback(boolean force) {
        DomainResult result = new Rollback(host.ports(out::println), out).run(SITE, force);
        if (force && result.result() == DomainResult.Result.DONE) {
            acceptDiscardedWrites();
        }
        return result.result() + ": " + result.detail();
    }

    private String cleanup() {
        DomainResult result = new Cleanup(host.ports(out::println), out).run(SITE);
        return result.result() + ": " + result.detail();
    }

    /** Runs {@code second} at the n-th acting command of {@code first}, as a second process would. */
    private String during(
            int n, java.util.function.Supplier<String> second, java.util.function.Supplier<String> first) {
        String[] inner = {"never reached"};
        host.atAct(n, () -> inner[0] = second.get());
        String outer = first.get();
        host.clearHooks();
        return outer + " | beside it: " + inner[0];
    }

    private String start() {
        if (!host.libvirt.find(SITE).orElseThrow().state().isShutOff()) {
            return "running already";
        }
        String xml = host.libvirt.inactiveXml(SITE);
        for (String store : ModelHost.sources(xml)) {
            if (!host.exists(store) || host.heldByGuests().contains(store) || host.readers.contains(store)) {
                return "QEMU refused: " + store + " is missing or locked";
            }
        }
        host.libvirt.start(SITE, xml);
        return "started";
    }

    private String write() {
        String live = host.libvirt.liveXmlOrNull(SITE);
        if (live == null) {
            return "not running";
        }
        for (io.virttune.xml.DiskView view :
                io.virttune.xml.DomainXml.parse(live, SITE).disks()) {
            String store = view.sourcePath().orElseThrow();
            String disk = host.content(store).substring(0, 1);
            String next = disk + "." + writes.merge(disk, 1, Integer::sum) + "w";
            host.guestWrite(SITE, view.targetDev(), store, next);
            newest.put(disk, next);
        }
        return "wrote " + ModelHost.sources(live);
    }

    /** A third disk attached to site's persistent definition, as virsh attach-disk --config does: a second apply moves it. */
    private String attachC() {
        if (host.files.containsKey(C) || host.libvirt.inactiveXml(SITE).contains(C)) {
            return "attached already";
        }
        host.files.put(C, "C.0");
        newest.put("C", "C.0");
        host.libvirt.define(host.libvirt
                .inactiveXml(SITE)
                .replace("  </devices>", ApplyHarness.qcow2Disk(C, "vdc") + "  </devices>"));
        return "attached";
    }

    private String stop() {
        host.stop(SITE);
        return "stopped";
    }

    private String guestless(Runnable change) {
        change.run();
        return "done";
    }

    /**
     * A rollback --force that said which writes it discards: the disk's newest bytes are, from now
     * on, those of the store the definition names. One that discarded without saying so stays a loss.
     */
    private void acceptDiscardedWrites() {
        if (!output.toString().contains("--force: discard")) {
            return;
        }
        for (String store : ModelHost.sources(host.libvirt.inactiveXml(SITE))) {
            String content = host.content(store);
            if (content != null && !content.isEmpty()) {
                newest.put(content.substring(0, 1), content);
            }
        }
    }

    // --- the oracle -----------------------------------------------------------------------------

    private void check(Action action, String result, Snapshot before) {
        List<String> broken = new ArrayList<>();
        for (Map.Entry<String, String> disk : newest.entrySet()) {
            boolean kept = host.files.containsValue(disk.getValue())
                    || host.lvs.values().stream().anyMatch(lv -> lv.content().equals(disk.getValue()));
            if (!kept) {
                broken.add("disk " + disk.getKey() + "'s newest bytes (" + disk.getValue() + ") are in no store");
            }
        }
        for (String name : host.domainNames()) {
            List<String> definitions = new ArrayList<>(List.of(host.libvirt.inactiveXml(name)));
            if (host.libvirt.liveXmlOrNull(name) != null) {
                definitions.add(host.libvirt.liveXmlOrNull(name));
            }
            for (String xml : definitions) {
                checkDefinition(name, xml, broken);
            }
        }
        // A and B move together, in one apply; C, attached later, moves in another.
        List<String> siteStores = ModelHost.sources(host.libvirt.inactiveXml(SITE)).stream()
                .filter(store -> !store.equals(C) && !store.endsWith("-vdc"))
                .toList();
        long onLvs =
                siteStores.stream().filter(store -> store.startsWith("/dev/")).count();
        if (onLvs != 0 && onLvs != siteStores.size()) {
            broken.add("site is half-defined: " + siteStores);
        }
        if (result.startsWith("REFUSED")
                && !before.equals(new Snapshot(host))
                && !action.name().contains("DURING")) {
            broken.add("a refused command changed the host: " + before + " -> " + new Snapshot(host));
        }
        if (!broken.isEmpty()) {
            throw new AssertionError(
                    String.join("\n", broken) + "\nafter:\n  " + String.join("\n  ", history) + "\noutput:\n" + output);
        }
    }

    private void checkDefinition(String name, String xml, List<String> broken) {
        for (io.virttune.xml.DiskView disk :
                io.virttune.xml.DomainXml.parse(xml, name).disks()) {
            String store = disk.sourcePath().orElseThrow();
            String content = host.content(store);
            String expected = DISK_OF_TARGET.get(name + "/" + disk.targetDev());
            if (content == null) {
                broken.add(name + "'s definition names " + store + ", which is gone");
            } else if (!content.startsWith(expected + ".")) {
                broken.add(name + "'s definition names " + store + " for disk " + expected + ", which holds '" + content
                        + "'");
            }
        }
    }

    /** What a command may change on the host: its files, its LVs and site's definition. */
    private record Snapshot(Map<String, String> files, Map<String, ModelHost.Lv> lvs, String site) {
        Snapshot(ModelHost host) {
            this(Map.copyOf(host.files), Map.copyOf(host.lvs), host.libvirt.inactiveXml(SITE));
        }
    }
}

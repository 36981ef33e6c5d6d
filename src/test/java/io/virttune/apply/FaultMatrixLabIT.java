package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.DomainJournal.Status;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.testing.Cli;
import io.virttune.testing.GuestDiskReader;
import io.virttune.testing.Lab;
import io.virttune.testing.LabGuest;
import io.virttune.testing.StoppedApply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * apply stopped right after each of its journal writes (the step boundaries, counted by a first,
 * uninterrupted run) and then hit by a fault: (a) SIGKILL of its process group, (b) SIGTERM to it,
 * (c) the guest started with {@code virsh start} and apply let go on. Then resumed or rolled back,
 * and checked each time (see {@link #check}). Which cases run is said at each scenario, and in
 * docs/apply.md with what that proves and what not.
 */
class FaultMatrixLabIT {
    private static final String VG = "vg_fault";
    private static final String POOL = "pool_fault";
    private static final String TEMPORARY = "virtio-stage";
    private static final Pattern DISK = Pattern.compile("(?s)<disk type='(file|block)' device='disk'>(.*?)</disk>");
    private static final Pattern DRIVER_TYPE = Pattern.compile("<driver name='qemu' type='(\\w+)'");
    private static final Pattern SOURCE = Pattern.compile("<source (?:file|dev)='([^']+)'");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LAST_ENTRY = Pattern.compile("last (\\d+) ([\\w-]+) ");
    /** A journal write that added a step's entry, as {@link #describe} names it: the LVs it records, and the state. */
    private static final Pattern STEP_WRITE = Pattern.compile(
            "journal IN_PROGRESS \\d+ entries, (LVs \\d+, uuids \\d+), last -?\\d+ [\\w-]+ (STARTED|DONE)");

    private static final boolean FULL = Boolean.getBoolean("faultmatrix.full");
    /** One line per case as it ends, readable while the lab runs (test output shows only at the end). */
    private static final Path PROGRESS = Path.of("target/fault-matrix.log");

    private static final List<String> FAILED = new ArrayList<>();
    private static int ran;
    /** Reads every disk checked from inside a guest, through its agent. */
    private static GuestDiskReader reader;

    /** What happens to apply at its boundary. */
    enum Fault {
        KILL("(a) SIGKILL of the process group"),
        TERM("(b) SIGTERM to the process group"),
        START("(c) virsh start of the guest, apply continued");

        final String label;

        Fault(String label) {
            this.label = label;
        }
    }

    /** How the operator recovers. */
    enum Recovery {
        RESUME,
        ROLLBACK
    }

    private Path work;
    private Path state;
    private Path plan;
    private String[] planArguments;
    private LabGuest guest;
    private String uuid;
    /** The definition each case starts from. */
    private String before;

    private final Map<Path, String[]> recipes = new LinkedHashMap<>();
    private List<Path> sources = List.of();
    private boolean autostart;
    private String sourceSums;
    private List<String> startContents;
    /** A case may have changed the images or the disks' content: the next reset makes them again. */
    private boolean dirty;
    /** Brings the scenario back to the state before the faulted apply, after the common reset. */
    private Runnable scenarioReset = () -> {};
    /** What each boundary is: the journal entry that write made, or which file. */
    private final List<String> boundaries = new ArrayList<>();
    /** The kind of each step of the plan, by index, as the uninterrupted apply journaled them. */
    private final List<String> stepKinds = new ArrayList<>();

    @BeforeAll
    static void volumeGroup() throws IOException {
        Lab.require();
        Files.deleteIfExists(PROGRESS);
        Lab.volumeGroup(VG, "pv5", "4M");
        reader = GuestDiskReader.start();
    }

    @AfterAll
    static void summary() {
        if (reader != null) {
            reader.close();
        }
        progress("fault matrix: " + ran + " cases ran, " + (ran - FAILED.size()) + " passed");
        FAILED.forEach(
                failure -> progress("  FAILED " + failure.lines().findFirst().orElse("")));
    }

    @BeforeEach
    void workDirectory() throws IOException {
        work = Lab.imageDirectory("vt-fault-");
        state = work.resolve("state");
    }

    @AfterEach
    void cleanUp() {
        Lab.removeAll(guest, VG, work);
    }

    /**
     * Scenario 1, autostart on, the pool created by the apply; (c) at the first boundary (before the
     * images are held) and at the define's start by default.
     */
    @Test
    void aTwoDiskMigrationIntoAThinPool() {
        Path system = image("system.qcow2", "write -P 0xab 0 4M", "write -P 0xcd 12M 4M");
        Path data = image("data.qcow2", "write -P 0x11 1M 6M");
        guest = LabGuest.define("vt-fault-mig", work, system, fileDisk(data, "vda", "virtio"), "fill");
        settle(List.of(system, data), true);
        plan(
                "--thin-pool",
                VG + "/" + POOL,
                "--create-thin-pool",
                "256M",
                "--thin-zeroing",
                "off",
                "--accept-thin-zeroing-risk");

        enumerate();
        runMatrix(n -> n == 1 || isAt(n, "define-domain STARTED"));
        finish();
    }

    /**
     * Scenario 2, a guest whose disks are LVs already (read-ahead and the driver change, no data
     * moves); (c) only in full.
     */
    @Test
    void aRetuneOfAGuestAlreadyOnLvm() {
        String system = volume("vt-fault-rt-system", "write -P 0x21 0 2M");
        String data = volume("vt-fault-rt-data", "write -P 0x22 2M 2M");
        guest = LabGuest.defineWithDisks(
                "vt-fault-rt", work, blockDisk(system, "sda", "sata") + blockDisk(data, "vdb", "virtio"), "fill");
        scenarioReset = () -> Stream.of(system, data)
                .map(device -> device.substring("/dev/".length()))
                // lvchange fails on a read-ahead it already has.
                .filter(lv -> !Lab.sh(
                                "lvm", "lvs", "--noheadings", "-o", "lv_read_ahead", "--units", "s", "--nosuffix", lv)
                        .strip()
                        .equals("256"))
                .forEach(lv -> Lab.sh("lvm", "lvchange", "-q", "-r", "256", lv));
        settle(List.of(), false);
        scenarioReset.run();
        plan("--vg", VG);

        enumerate();
        runMatrix(n -> false);
        finish();
    }

    /**
     * Scenario 3, a Windows guest's second phase: planned as Windows into a thin pool and staged
     * by a first apply (its data on an LV, still on SATA, a temporary virtio disk beside), then
     * planned with --virtio-ready and applied, the boundaries being that second apply's; (c) only
     * in full.
     */
    @Test
    void aWindowsGuestsSecondPhase() {
        Path system = image("win.qcow2", "write -P 0x5a 0 4M", "write -P 0x5b 12M 4M");
        guest = LabGuest.define("vt-fault-win", work, system, "", "fill");
        String xml = Lab.sh("virsh", "dumpxml", "--inactive", guest.name())
                .replace("<acpi/>", "<acpi/><hyperv mode='custom'><relaxed state='on'/></hyperv>");
        writeAndDefine(xml);
        settle(List.of(system), false);
        String original = before;
        Path first = work.resolve("stage.json");
        Path snapshot = work.resolve("staged-state");
        String[] staged = new String[1];
        Runnable stage = () -> {
            Cli planned = Cli.run(
                    "plan",
                    guest.name(),
                    "--thin-pool",
                    VG + "/" + POOL,
                    "--create-thin-pool",
                    "256M",
                    "--thin-zeroing",
                    "off",
                    "--accept-thin-zeroing-risk",
                    "--out",
                    first.toString());
            assertEquals(0, planned.exitCode(), planned.transcript());
            Cli applied = Cli.run("apply", first.toString(), "--state-dir=" + state, "--execute");
            assertTrue(applied.exitCode() == 0 && applied.out().contains("staged"), applied.transcript());
            staged[0] = Lab.sh("virsh", "dumpxml", "--inactive", guest.name());
            Lab.sh("sh", "-c", "rm -rf '" + snapshot + "' && cp -a '" + state + "' '" + snapshot + "'");
            plan("--thin-pool", VG + "/" + POOL, "--virtio-ready=" + guest.name());
            before = staged[0];
            startContents = contents(before);
        };
        stage.run();
        scenarioReset = () -> {
            // A rollback with --force went back to before virt-tune, or the second phase completed and
            // removed the temporary LV: stage again.
            String lvs = Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", VG);
            if (!lvs.contains(guest.name() + "-sda") || !lvs.contains(guest.name() + "-" + TEMPORARY)) {
                before = original;
                removeVirtTuneVolumes();
                writeAndDefine(original);
                stage.run();
            } else {
                Lab.sh("sh", "-c", "cp -a '" + snapshot + "' '" + state + "'");
            }
        };

        enumerate();
        runMatrix(n -> false);
        finish();
    }

    /**
     * The cases of a scenario. With {@code -Dfaultmatrix.full=true}: (a) and (b) at every boundary,
     * each boundary recovered by a resume after one signal and a rollback after the other, and (c)
     * at every boundary too. By default, what scripts/test.sh has time for:
     * one fault per boundary, (a) and (b) in turn, recovered by resume and rollback in turn by
     * pairs, leaving out the boundaries of a step that repeats an earlier step's kind (a second
     * disk's) and those of a step done when the next write only marks the next step started (the
     * host is the same at both), and (c) where {@code startAt}.
     */
    private void runMatrix(IntPredicate startAt) {
        if (FULL) {
            selected(n -> true).forEach(n -> {
                runCase(n, Fault.KILL, n % 2 == 1 ? Recovery.RESUME : Recovery.ROLLBACK);
                runCase(n, Fault.TERM, n % 2 == 1 ? Recovery.ROLLBACK : Recovery.RESUME);
            });
            selected(n -> true).forEach(n -> runCase(n, Fault.START, Recovery.RESUME));
            return;
        }
        int[] order = {0};
        selected(n -> !repeatsAnEarlierStep(n) && !onlyPrecedesAStart(n)).forEach(n -> {
            int i = order[0]++;
            runCase(n, i % 2 == 0 ? Fault.KILL : Fault.TERM, i % 4 < 2 ? Recovery.RESUME : Recovery.ROLLBACK);
        });
        selected(startAt).forEach(n -> runCase(n, Fault.START, Recovery.RESUME));
    }

    /** True when boundary {@code n}'s journal entry is of a step whose kind an earlier step has (a second disk's copy). */
    private boolean repeatsAnEarlierStep(int n) {
        Matcher last = LAST_ENTRY.matcher(boundaries.get(n - 1));
        if (!last.find()) {
            return false;
        }
        int step = Integer.parseInt(last.group(1));
        return stepKinds.indexOf(last.group(2)) >= 0 && stepKinds.indexOf(last.group(2)) < step;
    }

    /** True when boundary {@code n} marks a step done and the next write only marks the next step started. */
    private boolean onlyPrecedesAStart(int n) {
        if (n >= boundaries.size()) {
            return false;
        }
        Matcher done = STEP_WRITE.matcher(boundaries.get(n - 1));
        Matcher next = STEP_WRITE.matcher(boundaries.get(n));
        return done.matches()
                && next.matches()
                && done.group(2).equals("DONE")
                && next.group(2).equals("STARTED")
                && done.group(1).equals(next.group(1));
    }

    /** The boundaries to run among those {@code wanted}: all, or those of {@code -Dfaultmatrix.boundaries=3,7}. */
    private IntStream selected(IntPredicate wanted) {
        String only = System.getProperty("faultmatrix.boundaries", "");
        IntStream all = only.isBlank()
                ? IntStream.rangeClosed(1, boundaries.size())
                : Arrays.stream(only.split(","))
                        .mapToInt(n -> Integer.parseInt(n.strip()))
                        .filter(n -> n <= boundaries.size());
        return all.filter(wanted);
    }

    private boolean isAt(int boundary, String entry) {
        return boundaries.get(boundary - 1).endsWith(entry);
    }

    /** A first, uninterrupted apply under the same counting: how many journal writes, and what each is. */
    private void enumerate() {
        reset();
        StoppedApply first = StoppedApply.start(work, state, 0, applyArgs());
        String out = first.awaitEnd();
        assertTrue(
                out.matches("(?s).*\\n" + guest.name() + " +done .*"), "the uninterrupted apply must succeed:\n" + out);
        int writes = first.journalWrites();
        assertTrue(writes > 3, "an apply writes its journal before and after each step; seen:\n" + first.renames());
        List<String> renames = first.renames().lines().toList();
        for (int n = 1; n <= writes; n++) {
            boundaries.add(
                    renames.get(n - 1).matches(".*/journal-[^/]*\\.json$")
                            ? "the completed journal archived, before the new one is written"
                            : describe(first.written(n)));
        }
        new StateDirectory(state)
                .journal(uuid).orElseThrow().entries().stream()
                        .filter(entry -> entry.step() >= 0)
                        .forEach(entry -> {
                            while (stepKinds.size() <= entry.step()) {
                                stepKinds.add("");
                            }
                            stepKinds.set(entry.step(), entry.kind());
                        });
        progress(guest.name() + ": " + writes + " journal writes (boundaries): " + String.join("; ", boundaries));
    }

    /** A journal write as a reader would name it: the file and the entry it added. */
    private static String describe(String written) {
        try {
            JsonNode journal = JSON.readTree(written);
            if (journal.has("entries")) {
                JsonNode entries = journal.get("entries");
                JsonNode last = entries.isEmpty() ? null : entries.get(entries.size() - 1);
                return "journal " + journal.get("status").asText() + " " + entries.size() + " entries, LVs "
                        + journal.get("createdVolumes").size() + ", uuids "
                        + journal.get("volumeUuids").size()
                        + (last == null
                                ? ""
                                : ", last " + last.get("step").asText() + " "
                                        + last.get("kind").asText() + " "
                                        + last.get("state").asText());
            }
            return "pool journal " + written.replaceAll("\\s+", " ");
        } catch (IOException e) {
            return "unreadable journal: " + written;
        }
    }

    private String[] applyArgs(String... more) {
        List<String> args = new ArrayList<>(List.of("apply", plan.toString(), "--state-dir=" + state, "--execute"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private void finish() {
        List<String> mine = FAILED.stream()
                .filter(failure -> failure.startsWith(guest.name() + " "))
                .toList();
        assertTrue(mine.isEmpty(), mine.size() + " case(s) failed:\n" + String.join("\n", mine));
    }

    /** One case: the state before apply, apply stopped at {@code boundary}, the fault, the recovery, the checks. */
    private void runCase(int boundary, Fault fault, Recovery recovery) {
        ran++;
        String label = guest.name() + " boundary " + boundary + " (after " + boundaries.get(boundary - 1) + ") "
                + fault.label + ", then " + recovery.name().toLowerCase();
        List<String> problems = new ArrayList<>();
        long started = System.nanoTime();
        String out = "";
        Cli recovered = null;
        Optional<DomainJournal> faulted = Optional.empty();
        try {
            reset();
            String sourcesBefore = sourceSums;
            List<String> expected = startContents;
            StoppedApply apply = StoppedApply.start(work, state, boundary, applyArgs());
            boolean stopped = apply.awaitStopped();
            if (!stopped) {
                problems.add("apply ended before journal write " + boundary + ":\n" + apply.awaitEnd());
            } else if (apply.journalWrites() != boundary) {
                problems.add("stopped after " + apply.journalWrites() + " journal writes, not " + boundary + ":\n"
                        + apply.renames());
            }
            boolean ranOnSources = false;
            if (stopped && fault == Fault.KILL) {
                apply.signal("KILL");
            } else if (stopped && fault == Fault.TERM) {
                apply.signal("TERM");
                apply.signal("CONT");
            } else if (stopped && fault == Fault.START) {
                Optional<String> refused = guest.tryStart();
                String live = refused.isEmpty() ? Lab.sh("virsh", "dumpxml", guest.name()) : "";
                apply.signal("CONT");
                apply.awaitEnd();
                if (refused.isEmpty()) {
                    dirty = true;
                    List<String> seen = guest.checksumsAtPowerOff();
                    List<String> read = contentsOfAll(live);
                    if (!read.equals(seen)) {
                        problems.add(
                                "the reader guest reads other data on the disks the guest ran on than the guest did: "
                                        + read + " vs " + seen);
                    }
                    expected = contents(live);
                    ranOnSources = sources.stream().anyMatch(source -> live.contains("'" + source + "'"));
                    progress("  the guest ran on "
                            + disks(live).stream().map(d -> d[1]).toList());
                } else {
                    progress("  virsh start was refused: " + refused.get().strip());
                }
            }
            out = apply.awaitEnd();
            faulted = new StateDirectory(state).journal(uuid);
            if (fault == Fault.TERM
                    && faulted.isPresent()
                    && faulted.get().status() != Status.COMPLETED
                    && faulted.get().entries().stream()
                            .noneMatch(entry -> entry.kind().equals("Interrupted"))) {
                problems.add(
                        "after SIGTERM the journal (" + faulted.get().status() + ") does not say it was interrupted");
            }
            // A guest that ran on its images made the plan stale (apply refuses it): the operator rolls back.
            Recovery chosen = ranOnSources ? Recovery.ROLLBACK : recovery;
            recovered = recover(chosen);
            if (recovered.exitCode() != 0) {
                problems.add("the " + chosen.name().toLowerCase() + " failed (exit " + recovered.exitCode() + "): "
                        + recovered
                                .out()
                                .lines()
                                .filter(line -> line.startsWith(guest.name() + " "))
                                .findFirst()
                                .orElse("")
                                .strip());
            }
            problems.addAll(check(ranOnSources ? sha256(sources) : sourcesBefore, expected, chosen));
        } catch (RuntimeException | AssertionError e) {
            problems.add("the case broke: " + e);
        }
        long seconds = (System.nanoTime() - started) / 1_000_000_000;
        if (boundaries.get(boundary - 1).startsWith("the completed journal archived")) {
            problems.replaceAll(problem -> "at the archive boundary: " + problem);
        }
        progress((problems.isEmpty() ? "passed " : "FAILED ") + label + " (" + seconds + " s)");
        if (!problems.isEmpty()) {
            dirty = true;
            problems.add("journal after the fault: "
                    + faulted.map(FaultMatrixLabIT::summary).orElse("none"));
            problems.add("apply printed: " + out.strip().replace("\n", "\n      "));
            if (recovered != null) {
                problems.add("the recovery printed: "
                        + recovered.transcript().strip().replace("\n", "\n      "));
            }
            String detail = label + ":\n    " + String.join("\n    ", problems);
            FAILED.add(detail);
            progress("    " + String.join("\n    ", problems));
        }
    }

    private Cli recover(Recovery recovery) {
        if (recovery == Recovery.RESUME) {
            return Cli.run(applyArgs("--resume"));
        }
        Cli rollback = Cli.run("rollback", guest.name(), "--state-dir=" + state, "--execute", "--yes");
        // Once the new definition was defined, rollback asks for --force, and the operator gives it.
        return rollback.exitCode() == 3 && rollback.out().contains("--force")
                ? Cli.run("rollback", guest.name(), "--state-dir=" + state, "--execute", "--yes", "--force")
                : rollback;
    }

    /**
     * What must hold after any fault and recovery: the source images as they were (sha256); the
     * definition's disks holding the guest's latest data (the sha256 of each whole disk as a guest
     * reads it, through the agent of the reader guest, a sorted list, a Windows guest's temporary
     * disk left out); every disk that any
     * domain's definition uses there; no LV of the VG that neither a definition (or, for a pool, a
     * thin LV of one) nor a completed journal owns; the journal's status what the recovery did;
     * autostart as it was.
     */
    private List<String> check(String sourcesBefore, List<String> expected, Recovery recovery) {
        List<String> problems = new ArrayList<>();
        String sourcesAfter = sha256(sources);
        if (!sourcesAfter.equals(sourcesBefore)) {
            problems.add("a source image changed:\n" + sourcesBefore + "\nvs\n" + sourcesAfter);
        }
        String definition = Lab.sh("virsh", "dumpxml", "--inactive", guest.name());
        List<String> now = contents(definition);
        if (!now.equals(expected)) {
            problems.add("the definition's disks do not hold the guest's latest data: " + now + ", expected " + expected
                    + ", disks " + disks(definition).stream().map(d -> d[1]).toList());
        }
        // This class's own storage only: other lab tests' leftover definitions are not this case's doing.
        List<String> used = usedByDefinitions().stream()
                .filter(path -> path.startsWith("/dev/" + VG + "/") || path.startsWith(work.toString()))
                .toList();
        for (String path : used) {
            if (!Files.exists(Path.of(path))) {
                problems.add("a definition uses " + path + ", which is gone");
            }
        }
        Optional<DomainJournal> journal = new StateDirectory(state).journal(uuid);
        List<String> owned = new ArrayList<>(used);
        journal.filter(j -> j.status() == Status.COMPLETED)
                .ifPresent(j -> j.createdVolumes().forEach(lv -> owned.add("/dev/" + lv)));
        List<String[]> volumes = logicalVolumes();
        for (String[] lv : volumes) {
            boolean poolOfOwned = volumes.stream()
                    .anyMatch(thin -> thin[2].equals(lv[0]) && owned.contains("/dev/" + VG + "/" + thin[0]));
            if (!owned.contains("/dev/" + VG + "/" + lv[0]) && !poolOfOwned) {
                problems.add("LV " + VG + "/" + lv[0] + " is left and nothing owns it (attributes " + lv[1] + ", tags "
                        + lv[3].strip() + ")");
            }
        }
        // A rollback of a second apply before its define makes the first one's completed journal current again.
        List<Status> wanted = recovery == Recovery.RESUME
                ? List.of(Status.COMPLETED)
                : definition.equals(before) && !before.equals(original())
                        ? List.of(Status.COMPLETED)
                        // An apply refused before it changed anything (the guest was started) closes as
                        // NOTHING_CHANGED.
                        : List.of(Status.ROLLED_BACK, Status.NOTHING_CHANGED);
        if (journal.isEmpty() || !wanted.contains(journal.get().status())) {
            problems.add(
                    "the journal says " + journal.map(j -> j.status().name()).orElse("nothing") + ", not " + wanted);
        }
        if (autostart && !Lab.sh("virsh", "dominfo", guest.name()).matches("(?s).*Autostart:\\s+enable.*")) {
            problems.add("autostart is off; it was on before apply");
        }
        return problems;
    }

    private String original() {
        return Lab.sh("sh", "-c", "cat '" + work.resolve(guest.name() + ".original.xml") + "'");
    }

    /** Name, attributes, pool and tags of every LV in the VG. */
    private static List<String[]> logicalVolumes() {
        return Lab.sh("lvm", "lvs", "--noheadings", "--separator", "|", "-o", "lv_name,lv_attr,pool_lv,lv_tags", VG)
                .lines()
                .filter(line -> !line.isBlank())
                .map(line -> (line.strip() + "| ").split("\\|", 4))
                .toList();
    }

    /** Every disk path of every domain's persistent definition, and of the running ones' live definitions. */
    private static List<String> usedByDefinitions() {
        List<String> paths = new ArrayList<>();
        for (String domain : Lab.sh("virsh", "list", "--all", "--name")
                .lines()
                .filter(l -> !l.isBlank())
                .toList()) {
            Stream.of(Lab.sh("virsh", "dumpxml", "--inactive", domain), Lab.sh("virsh", "dumpxml", domain))
                    .flatMap(xml -> disks(xml).stream())
                    .map(disk -> disk[1])
                    .filter(path -> !paths.contains(path))
                    .forEach(paths::add);
        }
        return paths;
    }

    /** Each disk of a definition as {format, path}. */
    private static List<String[]> disks(String xml) {
        List<String[]> disks = new ArrayList<>();
        Matcher disk = DISK.matcher(xml);
        while (disk.find()) {
            Matcher format = DRIVER_TYPE.matcher(disk.group(2));
            Matcher source = SOURCE.matcher(disk.group(2));
            if (format.find() && source.find()) {
                disks.add(new String[] {format.group(1), source.group(1)});
            }
        }
        return disks;
    }

    /**
     * What a guest sees on each disk of a definition but a temporary one: the sha256 of the whole
     * disk as the reader guest reads it with the definition's format, sorted.
     */
    private List<String> contents(String xml) {
        return sums(
                disks(xml).stream().filter(disk -> !disk[1].contains(TEMPORARY)).toList());
    }

    private List<String> contentsOfAll(String xml) {
        return sums(disks(xml));
    }

    private List<String> sums(List<String[]> disks) {
        return reader.sortedSha256s(disks);
    }

    private static String summary(DomainJournal journal) {
        return journal.status() + ", last entries "
                + journal.entries().stream()
                        .skip(Math.max(0, journal.entries().size() - 3))
                        .map(e -> e.step() + " " + e.kind() + " " + e.state()
                                + (e.detail().isEmpty() ? "" : " (" + e.detail() + ")"))
                        .toList()
                + ", LVs " + journal.createdVolumes();
    }

    private static String sha256(List<Path> files) {
        return files.isEmpty()
                ? ""
                : Lab.sh(Stream.concat(Stream.of("sha256sum"), files.stream().map(Path::toString))
                        .toArray(String[]::new));
    }

    private static void progress(String line) {
        System.out.println(line);
        try {
            Files.writeString(PROGRESS, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A 16 MiB qcow2 image in the work directory, written by qemu-io commands, made again the same way after a case that wrote to it. */
    private Path image(String name, String... writes) {
        Path image = work.resolve(name);
        recipes.put(image, writes);
        make(image);
        return image;
    }

    private void make(Path image) {
        String[] writes = recipes.get(image);
        List<String> argv = new ArrayList<>(List.of("qemu-io"));
        if (image.startsWith("/dev")) {
            argv.addAll(List.of("-f", "raw", "-c", "write -z 0 16M"));
        } else {
            Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), "16M");
        }
        Arrays.stream(writes).forEach(write -> argv.addAll(List.of("-c", write)));
        argv.add(image.toString());
        Lab.sh(argv.toArray(String[]::new));
    }

    /** A 16 MiB linear LV of the test's own (not virt-tune's: untagged), written by qemu-io commands. */
    private String volume(String name, String... writes) {
        Lab.sh("lvm", "lvcreate", "-q", "-y", "-L", "16M", "-n", name, VG);
        Path device = Path.of("/dev/" + VG + "/" + name);
        recipes.put(device, writes);
        make(device);
        return device.toString();
    }

    private static String fileDisk(Path image, String target, String bus) {
        return "    <disk type='file' device='disk'>\n      <driver name='qemu' type='qcow2'/>\n"
                + "      <source file='" + image + "'/>\n      <target dev='" + target + "' bus='" + bus
                + "'/>\n    </disk>\n";
    }

    private static String blockDisk(String device, String target, String bus) {
        return "    <disk type='block' device='disk'>\n      <driver name='qemu' type='raw'/>\n" + "      <source dev='"
                + device + "'/>\n      <target dev='" + target + "' bus='" + bus + "'/>\n    </disk>\n";
    }

    /** Records the state every case starts from: the definition, the sources' checksums, what the guest sees, autostart. */
    private void settle(List<Path> images, boolean withAutostart) {
        sources = images;
        autostart = withAutostart;
        if (withAutostart) {
            Lab.sh("virsh", "-q", "autostart", guest.name());
        }
        uuid = Lab.sh("virsh", "domuuid", guest.name()).strip();
        before = Lab.sh("virsh", "dumpxml", "--inactive", guest.name());
        try {
            Files.writeString(work.resolve(guest.name() + ".original.xml"), before);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        sourceSums = sha256(images);
        startContents = contents(before);
    }

    private void plan(String... target) {
        planArguments = target;
        plan = work.resolve("plan.json");
        List<String> args = new ArrayList<>(List.of("plan", guest.name(), "--out", plan.toString()));
        args.addAll(List.of(target));
        Cli planned = Cli.run(args.toArray(String[]::new));
        assertEquals(0, planned.exitCode(), planned.transcript());
    }

    /**
     * Back to the state before the faulted apply: the guest off, no state, none of virt-tune's LVs
     * unless the scenario keeps them, the images and the definition as they were.
     */
    private void reset() {
        Lab.sh("sh", "-c", "virsh -q destroy '" + guest.name() + "' >/dev/null 2>&1; rm -rf '" + state + "'");
        boolean remade = dirty;
        if (dirty) {
            recipes.keySet().forEach(this::make);
            dirty = false;
        }
        if (!before.contains(TEMPORARY)) {
            removeVirtTuneVolumes();
        }
        scenarioReset.run();
        writeAndDefine(before);
        if (autostart) {
            Lab.sh("virsh", "-q", "autostart", guest.name());
        }
        if (remade && plan != null) {
            // Made again, an image has the same content but maybe not the same allocation: apply would refuse the old
            // plan.
            plan(planArguments);
        }
    }

    private static void removeVirtTuneVolumes() {
        // Thin volumes before their pool.
        List<String[]> ours = logicalVolumes().stream()
                .filter(lv -> lv[3].contains("virt-tune"))
                .sorted((x, y) -> Boolean.compare(x[1].startsWith("t"), y[1].startsWith("t")))
                .toList();
        // A case whose recovery failed may leave a pool stranded (its metadata LV active on its own,
        // which makes LVM refuse the pool): that case is reported already, the next ones must not inherit it.
        ours.stream()
                .filter(lv -> lv[1].startsWith("t"))
                .forEach(pool -> Lab.sh(
                        "sh",
                        "-c",
                        "lvm lvchange -q -an -S pool_lv=" + pool[0] + " " + VG + "; lvm lvchange -q -an " + VG + "/"
                                + pool[0] + "; lvm lvchange -q -an " + VG + "/" + pool[0] + "_tmeta " + VG + "/"
                                + pool[0] + "_tdata; true"));
        ours.forEach(lv -> Lab.sh("lvm", "lvremove", "-q", "-y", VG + "/" + lv[0]));
    }

    private void writeAndDefine(String xml) {
        Path file = work.resolve("before.xml");
        try {
            Files.writeString(file, xml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Lab.sh("virsh", "-q", "define", file.toString());
    }
}

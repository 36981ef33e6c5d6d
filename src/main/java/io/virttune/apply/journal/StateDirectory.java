package io.virttune.apply.journal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.files.DurableFiles;
import io.virttune.host.RootedFileSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** virt-tune's state on a host (default /var/lib/virt-tune): each domain's journal and backups, keyed by UUID. */
public class StateDirectory {
    public static final Path DEFAULT = Path.of("/var/lib/virt-tune");

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path root;

    public StateDirectory(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** The room the copies into thin pools hold, shared by every virt-tune on the host. */
    public PoolRoomLedger poolRoom() {
        return new PoolRoomLedger(root);
    }

    /**
     * Refuses a root that cannot become a state directory: one that is, or lies below, a file, or
     * whose nearest existing directory this user cannot write. The dry run and the real run both ask
     * (ApplyPorts.over), so a dry run does not pass what {@code --execute} would then fail on.
     */
    public static void requireUsable(Path root) {
        Path existing = root.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        String problem = existing == null
                ? null
                : !Files.isDirectory(existing)
                        ? existing + " is a file, not a directory"
                        : !Files.isWritable(existing)
                                ? existing + " is not writable by this user (apply, rollback and cleanup run as"
                                        + " root)"
                                : null;
        if (problem != null) {
            throw VirtTuneException.refused(
                    "--state-dir " + root + " cannot be virt-tune's state directory: " + problem
                            + " (rule: the journal and the backups must be writable before anything changes); give another --state-dir");
        }
    }

    private Path domainDirectory(String uuid) {
        Path directory = root.resolve("domains").resolve(uuid);
        try {
            if (!Files.isDirectory(directory)) {
                Files.createDirectories(directory);
                Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
            }
        } catch (IOException e) {
            throw IoErrors.failed("create the state directory", directory, e);
        }
        return directory;
    }

    /** What a run holds while it works on a domain; closing it lets the next run in. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Keeps any other virt-tune off the domain {@code uuid} until closed (see {@link DomainLock}).
     * The lock files live apart from the journals, in {@code locks/}: one left behind blocks nothing.
     */
    public Held lock(String uuid, String name, String now) {
        Path file = lockFile(uuid);
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw IoErrors.failed("create the state directory", file.getParent(), e);
        }
        return DomainLock.take(file, name, now);
    }

    final Path lockFile(String uuid) {
        return root.resolve("locks").resolve(uuid + ".lock");
    }

    public Optional<DomainJournal> journal(String uuid) {
        return StateFile.JOURNAL.read(files(), StateFiles.journalFile(uuid));
    }

    /** Every domain's journal here, in the order of their directories; none when there is no state yet. */
    public List<DomainJournal> journals() {
        return kept().journals();
    }

    /** What this directory keeps for plan's predictions, read as a host's state is read. */
    private StateFiles kept() {
        return new StateFiles(files(), "");
    }

    /** This directory's files, named from it. */
    private RootedFileSystem files() {
        return new RootedFileSystem(root);
    }

    /**
     * The journal of the domain with this name, found by scanning: for rollback of a domain that no
     * longer exists. Two journals of that name (a domain undefined and another defined under its
     * name) are refused, naming their uuids: which one is meant is the operator's to say.
     */
    public Optional<DomainJournal> journalByName(String name) {
        Path domains = root.resolve("domains");
        List<DomainJournal> found = journals().stream()
                .filter(journal -> journal.domain().equals(name))
                .toList();
        if (found.size() > 1) {
            String uuids =
                    String.join(", ", found.stream().map(DomainJournal::uuid).toList());
            throw VirtTuneException.refused(
                    "no domain is named '" + name + "' now, and " + found.size() + " journals in " + domains
                            + " are of domains once named so (uuids " + uuids + "): which one is meant is unknown;"
                            + " define the domain again under that name with its uuid, or move the other journal's directory away");
        }
        return found.stream().findFirst();
    }

    public void save(DomainJournal journal) {
        DurableFiles.write(domainDirectory(journal.uuid()).resolve("journal.json"), json(journal));
    }

    private static String json(Object value) {
        try {
            return MAPPER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /**
     * Keeps a copy of a finished journal under a new name, when a later apply of the same domain
     * starts; returns where it went. A copy, not a move: the finished journal stays current until
     * the journal that continues it replaces it, so a crash in between loses neither.
     */
    public Path archive(String uuid, Instant now) {
        Path journal = root.resolve("domains").resolve(uuid).resolve("journal.json");
        Path archived = archivedName(journal, now);
        try {
            DurableFiles.write(archived, Files.readString(journal));
        } catch (IOException e) {
            throw IoErrors.failed("archive the journal", journal, e);
        }
        return archived;
    }

    /**
     * Makes an archived journal current again, keeping {@code current} archived beside it. In this
     * order, a crash in between leaves the current journal in place: the rollback can be repeated.
     */
    public void reinstate(DomainJournal current, Path archived, Instant now) {
        Path journal = domainDirectory(current.uuid()).resolve("journal.json");
        DurableFiles.write(
                journal.resolveSibling("journal-" + now.toString().replace(':', '-') + "-"
                        + current.status().name().toLowerCase(java.util.Locale.ROOT) + ".json"),
                json(current));
        try {
            Files.move(archived, journal, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw IoErrors.failed("make the journal current again", archived, e);
        }
    }

    private static Path archivedName(Path journal, Instant now) {
        return journal.resolveSibling("journal-" + now.toString().replace(':', '-') + ".json");
    }

    /** The journal of a thin pool virt-tune created (or is creating), if any. */
    public Optional<PoolJournal> poolJournal(String vg, String name) {
        return StateFile.POOL_JOURNAL.read(files(), poolFile(vg, name));
    }

    /** Every pool journal, for a rollback to find the pools its domain needed. */
    public List<PoolJournal> poolJournals() {
        RootedFileSystem files = files();
        return files.list("pools").stream()
                .filter(file -> file.endsWith(".json"))
                .map(file -> StateFile.POOL_JOURNAL.read(files, "pools/" + file))
                .flatMap(Optional::stream)
                .toList();
    }

    public void save(PoolJournal journal) {
        Path file = root.resolve(poolFile(journal.vg(), journal.name()));
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw IoErrors.failed("create the state directory", file.getParent(), e);
        }
        DurableFiles.write(file, json(journal));
    }

    /** The latest calibration of {@code vg}, or of its thin pool {@code thinPool} (null: linear), if one was kept. */
    public Optional<Calibration> calibration(String vg, String thinPool) {
        return kept().calibration(vg, thinPool);
    }

    /** Keeps {@code calibration}, in place of the earlier one of the same VG or pool. */
    public void save(Calibration calibration) {
        Path file = calibrationFile(calibration.vg(), calibration.thinPool());
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw IoErrors.failed("create the state directory", file.getParent(), e);
        }
        DurableFiles.write(file, json(calibration));
    }

    /** Where the calibration of {@code vg}, or of its thin pool {@code thinPool} (null: linear), is kept. */
    public Path calibrationFile(String vg, String thinPool) {
        return root.resolve(StateFiles.calibrationFile(vg, thinPool));
    }

    /** Where the journal of the pool {@code vg}/{@code name} is kept below the state directory. */
    private static String poolFile(String vg, String name) {
        // LVM names never hold '%': the file name cannot be read as another VG/LV pair.
        return "pools/" + vg + "%" + name + ".json";
    }

    /** Keeps a copy of a definition before it is replaced; every backup is kept, named by time. */
    public Path backup(String uuid, String xml, Instant now) {
        Path file = domainDirectory(uuid).resolve("original-" + now.toString().replace(':', '-') + ".xml");
        DurableFiles.write(file, xml);
        return file;
    }
}

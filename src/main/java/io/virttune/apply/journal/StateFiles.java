package io.virttune.apply.journal;

import io.virttune.host.HostFileSystem;
import java.util.List;
import java.util.Optional;

/**
 * What a host's state directory keeps for plan to predict by (its domains' journals and its
 * calibrations), read through that host's files: this machine's, or a fleet host's over its door,
 * so that each host is predicted by what it measured itself.
 */
public final class StateFiles {
    /** What it reads, below the state directory. */
    private static final List<String> FILES = List.of("domains/*/journal.json", "calibrations/*.json");
    /** What it lists: a domain's directory too, so that one this user may not list is not taken for empty. */
    private static final List<String> DIRECTORIES = List.of("domains", "domains/*", "calibrations");

    private final HostFileSystem files;
    private final String root;

    /**
     * {@code root}: the state directory below the root of {@code files}, "" when it is that root. A
     * remote host's state is read in one command, however many domains it journaled.
     */
    public StateFiles(HostFileSystem files, String root) {
        this.root = root;
        this.files = files.prefetched(globs(FILES), globs(DIRECTORIES));
    }

    /** {@code globs} below the state directory, whose own name matches only itself. */
    private List<String> globs(List<String> globs) {
        String literal = root.replaceAll("[\\\\*?\\[\\]{}]", "\\\\$0");
        return globs.stream()
                .map(glob -> literal.isEmpty() ? glob : literal + "/" + glob)
                .toList();
    }

    /** The state directory as an operator would name it ("/var/lib/virt-tune on hv02"). */
    public String describe() {
        return files.describe(root);
    }

    /** Every domain's journal, in the order of their directories; none when there is no state yet. */
    public List<DomainJournal> journals() {
        return files.list(below("domains")).stream()
                .map(uuid -> StateFile.JOURNAL.read(files, below(journalFile(uuid))))
                .flatMap(Optional::stream)
                .toList();
    }

    /** The latest calibration of {@code vg}, or of its thin pool {@code thinPool} (null: linear), if one was kept. */
    public Optional<Calibration> calibration(String vg, String thinPool) {
        return StateFile.CALIBRATION.read(files, below(calibrationFile(vg, thinPool)));
    }

    /** Where a domain's journal is kept below the state directory. */
    static String journalFile(String uuid) {
        return "domains/" + uuid + "/journal.json";
    }

    /** Where a calibration is kept below the state directory. */
    static String calibrationFile(String vg, String thinPool) {
        // LVM names never hold '%': the file name cannot be read as another VG/pool pair.
        return "calibrations/" + (thinPool == null ? vg : vg + "%" + thinPool) + ".json";
    }

    private String below(String path) {
        return root.isEmpty() ? path : root + "/" + path;
    }
}

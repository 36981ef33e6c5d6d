package io.virttune.bench;

import io.virttune.VirtTuneException;
import io.virttune.host.HostFileSystem;
import io.virttune.inspect.DomainSelection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The bench runs a host stores ({@code STATE_DIR/DOMAIN/LABEL.json}), read through that host's
 * files: what the compare of a fleet reads on each of its hosts, where each host's own bench
 * stored them.
 */
public final class StoredRuns {
    private final HostFileSystem files;
    private final String root;

    /** {@code stateDir}: an absolute path on the host. */
    public StoredRuns(HostFileSystem files, Path stateDir) {
        requireAbsolute(stateDir);
        this.files = files;
        this.root = stateDir.toString().substring(1);
    }

    /** A host's state directory is named from its root: a relative one would be relative to nothing known. */
    public static void requireAbsolute(Path stateDir) {
        if (!stateDir.isAbsolute()) {
            throw VirtTuneException.usage(
                    "--state-dir of a fleet names a directory on each host: give an absolute path, not " + stateDir);
        }
    }

    /**
     * {@code before} and {@code after} compared for each domain {@code selection} picks among those
     * stored with either; fails when none has both, since then nothing could be compared there.
     */
    public Comparisons compare(String before, String after, DomainSelection selection) {
        BenchStore.requireValidLabel(before);
        BenchStore.requireValidLabel(after);
        Map<String, Pair> byDomain = new TreeMap<>();
        List<String> notCompared = new ArrayList<>();
        for (String entry : files.list(root)) {
            try {
                Optional<BenchResult> first = read(entry, before);
                Optional<BenchResult> second = read(entry, after);
                first.or(() -> second).ifPresent(any -> byDomain.put(any.domain(), new Pair(first, second)));
            } catch (VirtTuneException unreadable) {
                // One domain's damaged or odd entry (a stray file) spoils no other's comparison.
                notCompared.add(entry + " (unreadable: " + unreadable.getMessage() + ")");
            }
        }
        List<BenchComparison> compared = new ArrayList<>();
        for (String domain : selection.select(byDomain.keySet())) {
            Pair runs = byDomain.get(domain);
            if (runs.before().isPresent() && runs.after().isPresent()) {
                compared.add(
                        BenchComparison.of(runs.before().get(), runs.after().get()));
            } else {
                notCompared.add(domain + " (no '" + (runs.before().isEmpty() ? before : after) + "' run)");
            }
        }
        if (compared.isEmpty()) {
            throw VirtTuneException.failed("no domain has both a '" + before + "' and an '" + after + "' run in "
                    + files.describe(root) + (notCompared.isEmpty() ? "" : ": " + String.join(", ", notCompared)));
        }
        return new Comparisons(compared, notCompared);
    }

    private Optional<BenchResult> read(String entry, String label) {
        String path = root + "/" + entry + "/" + label + ".json";
        return files.read(path).map(json -> BenchStore.parse(json, files.describe(path)));
    }

    private record Pair(Optional<BenchResult> before, Optional<BenchResult> after) {}
}

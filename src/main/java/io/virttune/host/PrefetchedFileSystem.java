package io.virttune.host;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A remote host's /proc and /sys as the probes read them, fetched in one command.
 */
public final class PrefetchedFileSystem implements HostFileSystem {
    /** The files the probes read, as globs below the root; a path matching one but absent does not exist. */
    private static final List<String> FILES = List.of(
            "proc/cmdline",
            "proc/meminfo",
            "proc/sys/kernel/osrelease",
            "sys/devices/system/cpu/online",
            "sys/block/*/size",
            "sys/block/*/queue/rotational",
            "sys/block/*/queue/scheduler",
            "sys/block/*/queue/read_ahead_kb",
            "sys/block/*/queue/discard_max_bytes",
            "sys/block/*/device/model",
            "sys/kernel/mm/hugepages/*/*_hugepages",
            "sys/devices/system/node/node*/hugepages/*/*_hugepages");
    /** The directories the probes list. */
    private static final List<String> DIRECTORIES = List.of(
            "sys/block",
            "sys/kernel/mm/hugepages",
            "sys/devices/system/node",
            "sys/devices/system/node/node*/hugepages");
    /**
     * Prints "F PATH BASE64" per file and "D PATH BASE64-OF-LS" per directory, "F PATH !" or "D PATH !"
     * for one it cannot read; fails at once without base64, so that every read is then made alone.
     */
    private static final String SNAPSHOT = "command -v base64 >/dev/null || exit 1\n"
            + "for f in " + absolute(FILES) + "; do\n"
            + "  [ -f \"$f\" ] || continue\n"
            + "  if c=$(base64 -w0 < \"$f\" 2>/dev/null); then printf 'F %s %s\\n' \"$f\" \"$c\"; else printf 'F %s !\\n' \"$f\"; fi\n"
            + "done\n"
            + "for d in " + absolute(DIRECTORIES) + "; do\n"
            + "  [ -d \"$d\" ] || continue\n"
            + "  if l=$(ls -1A -- \"$d\" 2>/dev/null); then printf 'D %s %s\\n' \"$d\" \"$(printf '%s' \"$l\" | base64 -w0)\";"
            + " else printf 'D %s !\\n' \"$d\"; fi\n"
            + "done\n"
            + "true\n";

    private static final String UNREADABLE = "!";

    private final ProcessRunner runner;
    private final RemoteFileSystem oneByOne;
    private final List<PathMatcher> files = matchers(FILES);
    private final List<PathMatcher> directories = matchers(DIRECTORIES);
    /** Empty until taken; then the snapshot, or empty inside when it failed. */
    private Optional<Snapshot> snapshot;

    /** The files' contents, the directories' entries, and the paths of either it could not read. */
    private record Snapshot(Map<String, String> files, Map<String, List<String>> directories, Set<String> unreadable) {}

    public PrefetchedFileSystem(ProcessRunner runner, String host) {
        this.runner = runner;
        this.oneByOne = new RemoteFileSystem(runner, host);
    }

    @Override
    public Optional<String> read(String relativePath) {
        return readable(files, relativePath)
                .map(taken -> Optional.ofNullable(taken.files().get(relativePath)))
                .orElseGet(() -> oneByOne.read(relativePath));
    }

    @Override
    public List<String> list(String relativePath) {
        return readable(directories, relativePath)
                .map(taken -> taken.directories().getOrDefault(relativePath, List.of()))
                .orElseGet(() -> oneByOne.list(relativePath));
    }

    @Override
    public boolean exists(String relativePath) {
        Optional<Snapshot> taken =
                covers(files, relativePath) || covers(directories, relativePath) ? snapshot() : Optional.empty();
        return taken.map(snapshot -> snapshot.files().containsKey(relativePath)
                        || snapshot.directories().containsKey(relativePath)
                        || snapshot.unreadable().contains(relativePath))
                .orElseGet(() -> oneByOne.exists(relativePath));
    }

    /** The snapshot, when {@code globs} cover the path and the snapshot could read it; else empty: read it alone. */
    private Optional<Snapshot> readable(List<PathMatcher> globs, String relativePath) {
        return covers(globs, relativePath)
                ? snapshot().filter(taken -> !taken.unreadable().contains(relativePath))
                : Optional.empty();
    }

    @Override
    public String describe(String relativePath) {
        return oneByOne.describe(relativePath);
    }

    private synchronized Optional<Snapshot> snapshot() {
        if (snapshot == null) {
            ProcessResult answer = runner.run(List.of("sh", "-c", SNAPSHOT));
            snapshot = answer.succeeded() ? Optional.of(parse(answer.stdout())) : Optional.empty();
        }
        return snapshot;
    }

    private static Snapshot parse(String output) {
        Map<String, String> files = new HashMap<>();
        Map<String, List<String>> directories = new HashMap<>();
        Set<String> unreadable = new HashSet<>();
        for (String line : output.split("\n")) {
            String[] fields = line.split(" ", 3);
            if (fields.length < 2 || !fields[1].startsWith("/")) {
                continue;
            }
            String path = fields[1].substring(1);
            String encoded = fields.length == 3 ? fields[2] : "";
            if (encoded.equals(UNREADABLE)) {
                unreadable.add(path);
            } else if (fields[0].equals("F")) {
                files.put(path, decode(encoded));
            } else if (fields[0].equals("D")) {
                directories.put(
                        path,
                        Arrays.stream(decode(encoded).split("\n"))
                                .filter(name -> !name.isEmpty())
                                .sorted()
                                .toList());
            }
        }
        return new Snapshot(files, directories, unreadable);
    }

    private static String decode(String base64) {
        return new String(Base64.getDecoder().decode(base64), StandardCharsets.UTF_8);
    }

    private static boolean covers(List<PathMatcher> globs, String relativePath) {
        Path path = Path.of(relativePath);
        return globs.stream().anyMatch(glob -> glob.matches(path));
    }

    private static List<PathMatcher> matchers(List<String> globs) {
        return globs.stream()
                .map(glob -> FileSystems.getDefault().getPathMatcher("glob:" + glob))
                .toList();
    }

    private static String absolute(List<String> globs) {
        return String.join(" ", globs.stream().map(glob -> "/" + glob).toList());
    }
}

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
 * A remote host's files that match a few globs, fetched in one command: its /proc and /sys as the
 * probes read them, or the globs a reader names through {@link #prefetched}.
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

    private static final String UNREADABLE = "!";

    private final ProcessRunner runner;
    private final String host;
    private final RemoteFileSystem oneByOne;
    private final List<String> fileGlobs;
    private final List<String> directoryGlobs;
    private final List<PathMatcher> files;
    private final List<PathMatcher> directories;
    /** Empty until taken; then the snapshot, or empty inside when it failed. */
    private Optional<Snapshot> snapshot;

    /** The files' contents, the directories' entries, and the paths of either it could not read. */
    private record Snapshot(Map<String, String> files, Map<String, List<String>> directories, Set<String> unreadable) {}

    /** The host's /proc and /sys as the probes read them. */
    public PrefetchedFileSystem(ProcessRunner runner, String host) {
        this(runner, host, FILES, DIRECTORIES);
    }

    private PrefetchedFileSystem(
            ProcessRunner runner, String host, List<String> fileGlobs, List<String> directoryGlobs) {
        this.runner = runner;
        this.host = host;
        this.oneByOne = new RemoteFileSystem(runner, host);
        this.fileGlobs = fileGlobs;
        this.directoryGlobs = directoryGlobs;
        this.files = matchers(fileGlobs);
        this.directories = matchers(directoryGlobs);
    }

    /** A snapshot of its own for these globs, taken at the first read it covers. */
    @Override
    public HostFileSystem prefetched(List<String> fileGlobs, List<String> directoryGlobs) {
        return new PrefetchedFileSystem(runner, host, fileGlobs, directoryGlobs);
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
        Optional<Snapshot> taken = covers(files, relativePath) || covers(directories, relativePath)
                ? snapshot().filter(snapshot -> sawInto(snapshot, relativePath))
                : Optional.empty();
        return taken.map(snapshot -> snapshot.files().containsKey(relativePath)
                        || snapshot.directories().containsKey(relativePath)
                        || snapshot.unreadable().contains(relativePath))
                .orElseGet(() -> oneByOne.exists(relativePath));
    }

    /** The snapshot, when {@code globs} cover the path and the snapshot could read it; else empty: read it alone. */
    private Optional<Snapshot> readable(List<PathMatcher> globs, String relativePath) {
        return covers(globs, relativePath)
                ? snapshot()
                        .filter(taken -> sawInto(taken, relativePath)
                                && !taken.unreadable().contains(relativePath))
                : Optional.empty();
    }

    /**
     * Whether the snapshot could see whether the path is there: not when it could not list the
     * path's directory, since a glob does not see into one this user may not read (the path is
     * then asked for alone, which says why it cannot be read).
     */
    private static boolean sawInto(Snapshot taken, String relativePath) {
        Path parent = Path.of(relativePath).getParent();
        return parent == null || !taken.unreadable().contains(parent.toString());
    }

    @Override
    public String describe(String relativePath) {
        return oneByOne.describe(relativePath);
    }

    private synchronized Optional<Snapshot> snapshot() {
        if (snapshot == null) {
            ProcessResult answer = runner.run(List.of("sh", "-c", script(fileGlobs, directoryGlobs)));
            snapshot = answer.succeeded() ? Optional.of(parse(answer.stdout())) : Optional.empty();
        }
        return snapshot;
    }

    private static Snapshot parse(String output) {
        Map<String, String> files = new HashMap<>();
        Map<String, List<String>> directories = new HashMap<>();
        Set<String> unreadable = new HashSet<>();
        for (String line : output.split("\n")) {
            // The path between the kind and the value may hold spaces; the kind and the value never do.
            int kind = line.indexOf(' ');
            int value = line.lastIndexOf(' ');
            if (kind < 0 || value <= kind + 1 || line.charAt(kind + 1) != '/') {
                continue;
            }
            String path = line.substring(kind + 2, value);
            String encoded = line.substring(value + 1);
            if (encoded.equals(UNREADABLE)) {
                unreadable.add(path);
            } else if (line.startsWith("F ")) {
                files.put(path, decode(encoded));
            } else if (line.startsWith("D ")) {
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

    /**
     * Prints "F PATH BASE64" per file and "D PATH BASE64-OF-LS" per directory, "F PATH !" or "D PATH !"
     * for one it cannot read; fails at once without base64, so that every read is then made alone.
     */
    private static String script(List<String> fileGlobs, List<String> directoryGlobs) {
        return "command -v base64 >/dev/null || exit 1\n"
                + "for f in " + words(fileGlobs) + "; do\n"
                + "  [ -f \"$f\" ] || continue\n"
                + "  if c=$(base64 -w0 < \"$f\" 2>/dev/null); then printf 'F %s %s\\n' \"$f\" \"$c\"; else printf 'F %s !\\n' \"$f\"; fi\n"
                + "done\n"
                + "for d in " + words(directoryGlobs) + "; do\n"
                + "  [ -d \"$d\" ] || continue\n"
                + "  if l=$(ls -1A -- \"$d\" 2>/dev/null); then printf 'D %s %s\\n' \"$d\" \"$(printf '%s' \"$l\" | base64 -w0)\";"
                + " else printf 'D %s !\\n' \"$d\"; fi\n"
                + "done\n"
                + "true\n";
    }

    /**
     * The globs as words of sh, each from the root: quoted but for its {@code *}, so that a path with
     * a space or a quote (a --state-dir) is the one named; a glob's backslash quotes the character after it.
     */
    private static String words(List<String> globs) {
        return String.join(" ", globs.stream().map(PrefetchedFileSystem::word).toList());
    }

    private static String word(String glob) {
        StringBuilder word = new StringBuilder("'/");
        for (int i = 0; i < glob.length(); i++) {
            boolean escaped = glob.charAt(i) == '\\' && i + 1 < glob.length();
            char c = glob.charAt(escaped ? ++i : i);
            word.append(c == '*' && !escaped ? "'*'" : c == '\'' ? "'\\''" : String.valueOf(c));
        }
        return word.append("'").toString();
    }
}

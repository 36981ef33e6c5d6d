package io.virttune.apply.journal;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.IoErrors;
import io.virttune.files.DurableFiles;
import io.virttune.process.ProcessIdentity;
import io.virttune.process.ProcessTable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The thin-pool room every virt-tune on this host holds for the copies it runs, one file per
 * copy in the state directory, read and written under one lock per pool: two processes, or two
 * jobs of one, never both count the same free space. A file whose process is gone frees its room.
 */
public class PoolRoomLedger {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicLong SEQUENCE = new AtomicLong();
    /** One JVM's threads queue here: a file lock is the process's, not the thread's. */
    private static final Map<Path, Object> IN_PROCESS = new HashMap<>();

    /**
     * One copy's room, as its file holds it.
     *
     * @param startTicks the process's start time ({@link ProcessIdentity}); null in a file written
     *     before start times were kept
     */
    public record Entry(long pid, Long startTicks, String domain, String what, long dataBytes, long metadataBytes) {
        /** This virt-tune's entry. */
        public static Entry ofThisProcess(String domain, String what, long dataBytes, long metadataBytes) {
            ProcessIdentity self = ProcessTable.current();
            return new Entry(self.pid(), self.startTicks().getAsLong(), domain, what, dataBytes, metadataBytes);
        }

        /** This entry, its copy holding {@code dataBytes} and {@code metadataBytes} now. */
        public Entry holding(long dataBytes, long metadataBytes) {
            return new Entry(pid, startTicks, domain, what, dataBytes, metadataBytes);
        }

        /** The process that holds the room. */
        public ProcessIdentity holder() {
            return startTicks == null ? ProcessIdentity.pidOnly(pid) : ProcessIdentity.of(pid, startTicks);
        }
    }

    private final Path root;

    public PoolRoomLedger(Path stateDirectory) {
        this.root = stateDirectory.resolve("pools").resolve("room");
    }

    /**
     * A ledger a dry run keeps in memory over the host's real one in {@code stateDirectory}: its room
     * checks count what the applies running now hold there, as a real run's would, and its own copies
     * hold room among themselves. It reads the real ledger without creating, locking or cleaning
     * anything; a ledger it cannot read (none yet, or not this user's) holds nothing.
     */
    public static PoolRoomLedger overReadOnly(Path stateDirectory) {
        return new PoolRoomLedger(stateDirectory) {
            private final Map<String, Map<String, Entry>> own = new HashMap<>();

            @Override
            public synchronized <T> T underLock(String pool, Function<Map<String, Entry>, T> action) {
                Map<String, Entry> others = livingOrNone(directory(pool));
                Map<String, Entry> mine = own.computeIfAbsent(pool, key -> new HashMap<>());
                Map<String, Entry> entries = new HashMap<>(others);
                entries.putAll(mine);
                T result = action.apply(entries);
                mine.clear();
                entries.forEach((key, entry) -> {
                    if (!others.containsKey(key)) {
                        mine.put(key, entry);
                    }
                });
                return result;
            }
        };
    }

    /** Room in a thin pool: data and metadata bytes. */
    public record Room(long dataBytes, long metadataBytes) {}

    /** The room {@code entries} hold together. */
    public static Room held(Map<String, Entry> entries) {
        long data = 0;
        long metadata = 0;
        for (Entry entry : entries.values()) {
            data += entry.dataBytes();
            metadata += entry.metadataBytes();
        }
        return new Room(data, metadata);
    }

    /** A key no other copy on the host has: this process's id and a number it never gives twice. */
    public static String nextKey() {
        return ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet();
    }

    /**
     * Runs {@code action} with the pool's entries (by key; adding, replacing or removing one records it) while
     * no other virt-tune on the host reads or changes them.
     */
    public <T> T underLock(String pool, Function<Map<String, Entry>, T> action) {
        Path directory = directory(pool);
        Object local;
        synchronized (IN_PROCESS) {
            local = IN_PROCESS.computeIfAbsent(directory, key -> new Object());
        }
        synchronized (local) {
            try {
                Files.createDirectories(directory);
                try (FileChannel channel = FileChannel.open(
                                directory.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                        FileLock lock = channel.lock()) {
                    Map<String, Entry> entries = read(directory);
                    Map<String, Entry> before = new HashMap<>(entries);
                    T result = action.apply(entries);
                    write(directory, before, entries);
                    return result;
                }
            } catch (IOException e) {
                throw IoErrors.failed("hold thin-pool room in", directory, e);
            }
        }
    }

    /** Where the entries of {@code pool} are kept. */
    Path directory(String pool) {
        return root.resolve(pool.replace('/', '%'));
    }

    /** The living processes' entries; a dead process's file is removed: its copy ended with it. */
    private static Map<String, Entry> read(Path directory) throws IOException {
        Map<String, Entry> entries = recorded(directory);
        for (String key : List.copyOf(entries.keySet())) {
            if (!ProcessTable.here().runs(entries.get(key).holder())) {
                entries.remove(key);
                Files.deleteIfExists(directory.resolve(key + ".json"));
            }
        }
        return entries;
    }

    /** The living processes' entries, read only; none where {@code directory} is missing or unreadable. */
    private static Map<String, Entry> livingOrNone(Path directory) {
        if (!Files.isDirectory(directory)) {
            return Map.of();
        }
        try {
            Map<String, Entry> entries = recorded(directory);
            entries.values().removeIf(entry -> !ProcessTable.here().runs(entry.holder()));
            return entries;
        } catch (IOException unreadable) {
            return Map.of();
        }
    }

    /**
     * Every entry in {@code directory}, by key, whether its process runs or not. A file gone since the
     * listing (read without the lock, by a dry run) was a copy that gave its room back.
     */
    private static Map<String, Entry> recorded(Path directory) throws IOException {
        Map<String, Entry> entries = new HashMap<>();
        List<Path> files;
        try (Stream<Path> listed = Files.list(directory)) {
            files = listed.filter(file -> file.getFileName().toString().endsWith(".json"))
                    .toList();
        }
        for (Path file : files) {
            try {
                entries.put(keyOf(file), JSON.readValue(Files.readString(file), Entry.class));
            } catch (NoSuchFileException given) {
                // Its copy gave its room back.
            }
        }
        return entries;
    }

    private static void write(Path directory, Map<String, Entry> before, Map<String, Entry> after) throws IOException {
        for (String key : before.keySet()) {
            if (!after.containsKey(key)) {
                Files.deleteIfExists(directory.resolve(key + ".json"));
            }
        }
        for (Map.Entry<String, Entry> entry : after.entrySet()) {
            // A replaced entry is a copy's room grown (a rewrite's): not saving it would free that room.
            if (!entry.getValue().equals(before.get(entry.getKey()))) {
                DurableFiles.write(
                        directory.resolve(entry.getKey() + ".json"), JSON.writeValueAsString(entry.getValue()));
            }
        }
    }

    private static String keyOf(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - ".json".length());
    }
}

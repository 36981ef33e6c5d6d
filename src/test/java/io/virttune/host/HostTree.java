package io.virttune.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a hand-made /proc and /sys tree for a test, one file per call. */
final class HostTree {
    private final Path root;

    HostTree(Path root) {
        this.root = root;
    }

    HostTree file(String relativePath, String content) {
        Path file = root.resolve(relativePath);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    HostTree hugepages(String dir, long total, long free) {
        return file(dir + "/nr_hugepages", Long.toString(total)).file(dir + "/free_hugepages", Long.toString(free));
    }

    HostTree disk(String name, long sectors, int rotational, String scheduler) {
        String dir = "sys/block/" + name;
        return file(dir + "/size", Long.toString(sectors))
                .file(dir + "/queue/rotational", Integer.toString(rotational))
                .file(dir + "/queue/scheduler", scheduler);
    }

    HostSettings probe() {
        return new HostProbe(root).probe();
    }
}

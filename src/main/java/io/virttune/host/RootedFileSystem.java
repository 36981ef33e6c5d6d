package io.virttune.host;

import io.virttune.IoErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Files below a directory of this machine: "/" for this host, or a recorded host's directory. */
public final class RootedFileSystem implements HostFileSystem {
    private final Path root;

    public RootedFileSystem(Path root) {
        this.root = root;
    }

    @Override
    public Optional<String> read(String relativePath) {
        Path file = root.resolve(relativePath);
        try {
            return Optional.of(Files.readString(file));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw IoErrors.failed("read", file, e);
        }
    }

    @Override
    public List<String> list(String relativePath) {
        Path dir = root.resolve(relativePath);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(entry -> entry.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw IoErrors.failed("list", dir, e);
        }
    }

    @Override
    public boolean exists(String relativePath) {
        return Files.exists(root.resolve(relativePath));
    }

    @Override
    public String describe(String relativePath) {
        return root.resolve(relativePath).toString();
    }
}

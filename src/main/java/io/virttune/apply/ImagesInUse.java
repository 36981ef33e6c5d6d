package io.virttune.apply;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The files the host's domains use, known by what they are on disk: one image has many names
 * (a symlinked directory, {@code ./} or {@code ..} in a path, a hard link, a bind mount), so a
 * name is compared by its normalised form, its real path and its device and inode.
 */
final class ImagesInUse {
  private final Set<Path> names = new HashSet<>();
  private final Set<Object> files = new HashSet<>();

  void add(String path) {
    Path name = normalised(path);
    names.add(name);
    realPath(name).ifPresent(names::add);
    fileKey(name).ifPresent(files::add);
  }

  boolean contains(String path) {
    Path name = normalised(path);
    return names.contains(name)
        || realPath(name).filter(names::contains).isPresent()
        || fileKey(name).filter(files::contains).isPresent();
  }

  private static Path normalised(String path) {
    return Path.of(path).toAbsolutePath().normalize();
  }

  // A name that cannot be resolved names no existing file, so only the name itself can match.
  private static Optional<Path> realPath(Path name) {
    try {
      return Optional.of(name.toRealPath());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Device and inode on Linux; following symlinks, as QEMU opens the file. */
  private static Optional<Object> fileKey(Path name) {
    try {
      return Optional.ofNullable(Files.readAttributes(name, BasicFileAttributes.class).fileKey());
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}

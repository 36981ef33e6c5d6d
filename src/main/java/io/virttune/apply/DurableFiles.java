package io.virttune.apply;

import io.virttune.IoErrors;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes files so that a crash leaves either the old content or the new, never a torn mix: write
 * a temporary file, fsync it, rename it over the target, fsync the directory.
 */
public final class DurableFiles {
  private DurableFiles() {}

  public static void write(Path file, String content) {
    Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
    try {
      Files.createDirectories(file.getParent());
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
          StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
        ByteBuffer bytes = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
        channel.force(true);
      }
      Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      try (FileChannel directory = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
        directory.force(true);
      }
    } catch (IOException e) {
      throw IoErrors.failed("write", file, e);
    }
  }
}

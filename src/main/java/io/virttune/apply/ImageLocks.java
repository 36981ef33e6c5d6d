package io.virttune.apply;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.util.Optional;

/**
 * Asks qemu-img whether an image is in use: without {@code -U}, qemu-img takes the image's lock,
 * which a running QEMU holds, so a refusal means some process has the image open for writing.
 */
public final class ImageLocks {
  private final ProcessRunner runner;

  public ImageLocks(ProcessRunner runner) {
    this.runner = runner;
  }

  /** Why the image cannot be used now, or empty when it is free. */
  public Optional<String> holder(String path) {
    // Paths in libvirt definitions are absolute; anything else must not be read as an option.
    String safe = path.startsWith("/") ? path : "./" + path;
    ProcessResult result = runner.run(java.util.List.of("qemu-img", "info", "--output=json", safe));
    if (result.succeeded()) {
      return Optional.empty();
    }
    String error = result.stderr().strip();
    return Optional.of(error.contains("lock")
        ? "image " + path + " is in use by another process (" + error + ")"
        : "image " + path + " cannot be opened: " + error);
  }
}

package io.virttune.snippets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Host settings inspect does not gather but snippets compare against, read below the host's root
 * ("/" live, {@code DIR/host} for a recorded host): the active tuned profile and sysctl values.
 */
public final class HostTuning {
  private final Path root;

  public HostTuning(Path root) {
    this.root = root;
  }

  /** The profile tuned applies ({@code tuned-adm active}), empty when tuned is not set up. */
  public Optional<String> tunedProfile() {
    return read("etc/tuned/active_profile").filter(profile -> !profile.isEmpty());
  }

  /** A sysctl's current value, e.g. {@code vm.swappiness}; empty when not readable. */
  public Optional<String> sysctl(String key) {
    return read("proc/sys/" + key.replace('.', '/'));
  }

  private Optional<String> read(String relativePath) {
    try {
      return Optional.of(Files.readString(root.resolve(relativePath)).strip());
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + root.resolve(relativePath), e);
    }
  }
}

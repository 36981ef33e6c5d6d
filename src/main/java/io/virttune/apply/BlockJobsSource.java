package io.virttune.apply;

import io.virttune.libvirt.BlockJobs;
import io.virttune.libvirt.LibvirtJavaConnection;
import java.time.Duration;
import java.util.function.Function;

/**
 * Where apply reaches a running domain's block jobs: a read-write connection of its own, open
 * while {@code action} runs; and how often and how long a copy is followed until it is ready.
 */
interface BlockJobsSource {
  <T> T with(String domain, Function<BlockJobs, T> action);

  /** How often a copy's progress and mirror state are read. */
  default Duration poll() {
    return Duration.ofSeconds(1);
  }

  /**
   * How long a copy may take to be ready: long enough for terabytes at a modest cap; a copy not
   * ready by then is left running, and the domain fails (pivot or abort it, or apply --resume).
   */
  default Duration readyTimeout() {
    return Duration.ofHours(24);
  }

  /**
   * How long a background copy may go on copying without getting closer to ready before it is
   * copied again with synchronous writes (the guest writing as fast as it copies): long enough
   * for a burst of writes to pass, short beside the day a stalled copy would wait.
   */
  default Duration convergenceWindow() {
    return Duration.ofMinutes(2);
  }

  /** This source, its background copies called stalled after {@code window} without getting closer ({@code apply --converge-within}). */
  default BlockJobsSource convergingWithin(Duration window) {
    BlockJobsSource source = this;
    return new BlockJobsSource() {
      @Override
      public <T> T with(String domain, Function<BlockJobs, T> action) {
        return source.with(domain, action);
      }

      @Override
      public Duration poll() {
        return source.poll();
      }

      @Override
      public Duration readyTimeout() {
        return source.readyTimeout();
      }

      @Override
      public Duration convergenceWindow() {
        return window;
      }
    };
  }

  /** The block jobs of the host behind {@code uri}. */
  static BlockJobsSource of(String uri) {
    return new BlockJobsSource() {
      @Override
      public <T> T with(String domain, Function<BlockJobs, T> action) {
        try (LibvirtJavaConnection connection = LibvirtJavaConnection.openReadWrite(uri)) {
          return action.apply(connection.blockJobs(domain));
        }
      }
    };
  }
}

package io.virttune.bench;

import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Explains host counters that are near zero while the guest was busy: its I/O did not reach the
 * backing device during the run, which with a caching mode other than none or directsync means
 * the host's page cache served it (and the guest's figures measure that cache, not the disk).
 */
public final class HostActivity {
  /** Below this share of the guest's request rate, the host device counts as idle. */
  static final double IDLE_SHARE = 0.1;

  private HostActivity() {}

  /** The explanation, when the host device saw less than a tenth of the guest's requests per second. */
  public static Optional<String> note(BenchResult result) {
    IostatFigures host = result.host().device();
    if (host == null) {
      return Optional.empty();
    }
    double guest = result.profiles().stream()
        .flatMap(p -> Stream.of(p.read(), p.write())).filter(Objects::nonNull)
        .mapToDouble(IoMetrics::iops).average().orElse(0);
    double seen = host.readsPerSecond() + host.writesPerSecond();
    if (guest <= 0 || seen >= guest * IDLE_SHARE) {
      return Optional.empty();
    }
    String cache = result.disk().cache();
    String why = cache.equals("none") || cache.equals("directsync")
        ? "the guest's I/O did not reach this device during the run (check that it is the disk's backing device)"
        : "with cache=" + cache + " the host's page cache served the guest's I/O, so the guest's figures"
            + " measure that cache, not the device";
    return Optional.of(host.device() + " saw " + Figures.format(seen) + " requests/s while the guest averaged "
        + Figures.format(guest) + " IOPS: " + why + ".");
  }
}

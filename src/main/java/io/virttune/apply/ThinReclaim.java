package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.libvirt.BlockCopy;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateVolume;
import io.virttune.qemu.AllocationMap;
import io.virttune.qemu.QemuImg;
import io.virttune.text.Bytes;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Keeps a thin LV thin across a live copy. QEMU 7.2's mirror writes every zero of the source onto
 * the target (dm-thin has no write-zeroes for it to skip them with), so a fresh thin LV leaves the
 * copy fully provisioned. With the guest paused for its pivot and the copy caught up, the chunks
 * lying wholly where the source reads as zeros ({@code qemu-img map}, read then: a stop flushes the
 * source's metadata) are discarded, and a discarded thin chunk reads as zeros: not one byte the
 * guest reads changes. Paused, the guest writes nothing a discard could race; caught up, the
 * mirror has nothing in flight. Never on an LV that LVM does not report as thin, whose discarded
 * blocks may read as anything; a pool that ignores discards keeps its chunks, and the move goes on.
 */
final class ThinReclaim {
  /**
   * How long the discards may hold the guest paused: dm-thin unmapped 6.9 GiB of 4 MiB chunks in
   * 0.87 s in the lab, so a mostly empty disk of terabytes would hold it for minutes; what is left
   * stays provisioned.
   */
  static final Duration BUDGET = Duration.ofSeconds(2);
  /** At most about this much is discarded at a time, half a second in the lab, between two looks at the budget. */
  static final long PIECE = 4L << 30;
  /**
   * The journal's entry, the LV's device its detail: chunks of that LV were given back before its
   * pivot, the guest running, so that until a check with the guest paused the LV may differ from
   * the source wherever the guest wrote since.
   */
  static final String GIVEN_BACK_BEFORE_PIVOT = "GivenBackBeforePivot";
  private final ApplyPorts ports;
  private final PrintWriter log;
  private final CopyLive step;
  private final String sourceFormat;
  private final CreateVolume volume;
  /** The LV's pool as LVM reports it; empty when LVM does not report the LV as thin (or in a dry run). */
  private final Optional<LogicalVolume> pool;
  /** Whether the source had any whole chunk of zeros just before the pause; if not, the pause skips the reclaim. */
  private final boolean worthIt;

  private ThinReclaim(ApplyPorts ports, PrintWriter log, CopyLive step, String sourceFormat, CreateVolume volume,
      Optional<LogicalVolume> pool, boolean worthIt) {
    this.ports = ports;
    this.log = log;
    this.step = step;
    this.sourceFormat = sourceFormat;
    this.volume = volume;
    this.pool = pool;
    this.worthIt = worthIt;
  }

  /**
   * The reclaim for {@code step}'s LV, created as {@code volume}, its source read as
   * {@code sourceFormat} (the live definition's). LVM and the source's map are read
   * now, before the guest is paused: the report takes longer than the reclaim itself, and a source
   * without a whole chunk of zeros (a guest that wrote all over its disk) is not worth a catch-up
   * with the guest paused. Zeros only give way to data while the guest runs, so the map read again
   * in the pause finds none either; it alone decides what is discarded.
   */
  static ThinReclaim before(ApplyPorts ports, PrintWriter log, CopyLive step, String sourceFormat,
      CreateVolume volume) {
    if (!volume.thin() || ports.mode() == RunMode.DRY_RUN) {
      return new ThinReclaim(ports, log, step, sourceFormat, volume, Optional.empty(), false);
    }
    LvmReport report = ports.lvmReads().report();
    Optional<LogicalVolume> pool = report.logicalVolumeByDevice(step.device()).filter(LogicalVolume::isThin)
        .flatMap(thin -> thin.poolName().flatMap(name -> report.logicalVolume(thin.vgName(), name)));
    boolean worthIt = pool.isPresent() && !zeroChunks(ports.qemuImg(), step, sourceFormat, pool.get()).isEmpty();
    return new ThinReclaim(ports, log, step, sourceFormat, volume, pool, worthIt);
  }

  /** Whether {@code journal} says that chunks of {@code device} were given back before its pivot. */
  static boolean givenBackBeforePivot(DomainJournal journal, String device) {
    return journal.entries().stream()
        .anyMatch(entry -> entry.kind().equals(GIVEN_BACK_BEFORE_PIVOT) && entry.detail().equals(device));
  }

  /** The whole chunks of {@code pool} where the source reads as zeros now. */
  private static List<AllocationMap.Extent> zeroChunks(QemuImg images, CopyLive step, String sourceFormat,
      LogicalVolume pool) {
    return images.sharedMap(step.source(), sourceFormat).zeroChunks(pool.chunkSizeBytes());
  }

  /** Gives the LV's zero chunks back to its pool; the guest must be paused. */
  void reclaim(BlockCopy copy) {
    if (!volume.thin()) {
      return;
    }
    if (ports.mode() == RunMode.DRY_RUN) {
      log.println("  would give back to thin pool " + poolName() + " the chunks of " + step.device() + " where "
          + step.source() + " reads as zeros, the guest paused");
      return;
    }
    if (pool.isEmpty()) {
      log.println("  LVM does not report " + step.device() + " as a thin LV of a pool: nothing is discarded on it");
      return;
    }
    if (!worthIt) {
      log.println("  no whole chunk of " + step.source() + " reads as zeros: nothing to give back to thin pool " + poolName());
      return;
    }
    Instant start = ports.clock().instant();
    copy.awaitCaughtUp(PausedCompare.CATCH_UP, ports.blockJobs().timings().pausedPoll());
    List<AllocationMap.Extent> zeros = pieces(zeroChunks(ports.qemuImg(), step, sourceFormat, pool.get()),
        pool.get().chunkSizeBytes());
    long given = 0;
    long left = zeros.stream().mapToLong(AllocationMap.Extent::length).sum();
    try {
      for (AllocationMap.Extent range : zeros) {
        if (Duration.between(start, ports.clock().instant()).compareTo(BUDGET) >= 0) {
          break;
        }
        ports.lvmActions().discard(volume.vg(), volume.name(), range.start(), range.length());
        given += range.length();
        left -= range.length();
      }
    } catch (VirtTuneException refused) {
      // A discard changes no byte the guest reads, given back or not: the move goes on without the rest.
      log.println("  the thin pool took back " + Bytes.format(given) + " of " + step.device() + "'s zero chunks, then"
          + " refused the rest (" + refused.getMessage() + "); the LV keeps them provisioned");
      return;
    }
    log.println("  gave " + Bytes.format(given) + " of zero chunks of " + step.device() + " back to thin pool "
        + poolName() + " in " + Duration.between(start, ports.clock().instant()).toMillis() + " ms, the guest paused"
        + (left > 0 ? "; " + Bytes.format(left) + " more stay provisioned, to keep the pause near "
        + BUDGET.toSeconds() + " s" : ""));
  }

  /** The ranges of whole chunks cut into pieces of whole chunks, about {@link #PIECE} each at most. */
  private static List<AllocationMap.Extent> pieces(List<AllocationMap.Extent> ranges, long chunkBytes) {
    long piece = Math.max(1, PIECE / chunkBytes) * chunkBytes;
    List<AllocationMap.Extent> pieces = new ArrayList<>();
    for (AllocationMap.Extent range : ranges) {
      long end = range.start() + range.length();
      for (long at = range.start(); at < end; at += piece) {
        pieces.add(new AllocationMap.Extent(at, Math.min(piece, end - at)));
      }
    }
    return pieces;
  }

  private String poolName() {
    return volume.vg() + "/" + volume.thinPool();
  }
}

package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.libvirt.BlockCopy;
import io.virttune.libvirt.BlockJobs;
import io.virttune.libvirt.MirrorState;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateVolume;
import io.virttune.qemu.AllocationMap;
import io.virttune.text.Bytes;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
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
  private final BlockJobs jobs;
  private final ApplyPorts ports;
  private final PrintWriter log;
  private final CopyLive step;
  private final CreateVolume volume;
  /** The LV's pool as LVM reports it; empty when LVM does not report the LV as thin (or in a dry run). */
  private final Optional<LogicalVolume> pool;

  private ThinReclaim(BlockJobs jobs, ApplyPorts ports, PrintWriter log, CopyLive step, CreateVolume volume,
      Optional<LogicalVolume> pool) {
    this.jobs = jobs;
    this.ports = ports;
    this.log = log;
    this.step = step;
    this.volume = volume;
    this.pool = pool;
  }

  /**
   * The reclaim for {@code step}'s LV, created as {@code volume}; LVM is read now, before the guest
   * is paused, since its report takes longer than the reclaim itself.
   */
  static ThinReclaim before(BlockJobs jobs, ApplyPorts ports, PrintWriter log, CopyLive step, CreateVolume volume) {
    if (!volume.thin() || ports.mode() == RunMode.DRY_RUN) {
      return new ThinReclaim(jobs, ports, log, step, volume, Optional.empty());
    }
    LvmReport report = ports.lvmReads().report();
    Optional<LogicalVolume> lv = report.logicalVolumeByDevice(step.device()).filter(LogicalVolume::isThin);
    return new ThinReclaim(jobs, ports, log, step, volume,
        lv.flatMap(thin -> thin.poolName().flatMap(name -> report.logicalVolume(thin.vgName(), name))));
  }

  /** Gives the LV's zero chunks back to its pool; the guest must be paused. */
  void reclaim(BlockCopy copy) {
    if (!volume.thin()) {
      return;
    }
    if (ports.mode() == RunMode.DRY_RUN) {
      log.println("  would give back to thin pool " + pool() + " the chunks of " + step.device() + " where "
          + step.source() + " reads as zeros, the guest paused");
      return;
    }
    if (pool.isEmpty()) {
      log.println("  LVM does not report " + step.device() + " as a thin LV of a pool: nothing is discarded on it");
      return;
    }
    Instant start = ports.clock().instant();
    copy.awaitCaughtUp(PausedCompare.CATCH_UP, ports.blockJobs().timings().poll());
    String format = MirrorState.formatOf(jobs.liveXml(), jobs.domain(), step.disk());
    AllocationMap source = ports.qemuImg().sharedMap(step.source(), format);
    List<AllocationMap.Extent> zeros = source.zeroChunks(pool.get().chunkSizeBytes());
    long given = 0;
    try {
      for (AllocationMap.Extent range : zeros) {
        ports.lvmActions().discard(volume.vg(), volume.name(), range.start(), range.length());
        given += range.length();
      }
    } catch (VirtTuneException refused) {
      // A discard changes no byte the guest reads, given back or not: the move goes on without the rest.
      log.println("  the thin pool took back " + Bytes.format(given) + " of " + step.device() + "'s zero chunks, then"
          + " refused the rest (" + refused.getMessage() + "); the LV keeps them provisioned");
      return;
    }
    log.println("  gave " + Bytes.format(given) + " of zero chunks of " + step.device() + " back to thin pool "
        + pool() + " in " + Duration.between(start, ports.clock().instant()).toMillis()
        + " ms, the guest paused");
  }

  private String pool() {
    return volume.vg() + "/" + volume.thinPool();
  }
}

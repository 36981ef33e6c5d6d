package io.virttune.recipe;

import io.virttune.lvm.LogicalVolume;
import io.virttune.xml.DiskView;
import java.util.Optional;

/**
 * Decides what one disk should become: the recipe in one function, so that inspect's findings and
 * the planner's edits cannot disagree. {@code cache='none' io='native'} by default; a disk on
 * {@code directsync} keeps it (O_DIRECT like none, and every write synced: a durability choice
 * someone made); {@code io_uring} becomes native, since every disk the recipe tunes ends on a
 * block device and Proxmox found io_uring hanging guests on LVM (and turned it off there).
 */
public final class DiskRecipe {
  private DiskRecipe() {}

  /**
   * @param waitForDriver the disk is one a Windows guest must keep on its bus for now ({@link VirtioDriver#waiting})
   * @param chosenCache the plan's cache mode: {@link CacheMode#NONE}, or {@link CacheMode#WRITEBACK} when asked for
   * @param discardSupported whether the host's QEMU passes discard through virtio-blk
   */
  public static DiskTarget decide(DiskView view, Optional<LogicalVolume> lv, boolean waitForDriver,
      CacheMode chosenCache, boolean discardSupported) {
    BusMove bus = bus(view, waitForDriver);
    Setting<CacheMode> cache = cache(CacheMode.of(view.cache()), chosenCache);
    Optional<Setting<String>> discard = discardSupported
        ? Optional.of(new Setting<>(view.discard().orElse(""), "unmap",
            "set discard='unmap' so freed blocks return to the thin pool and the SSD"))
        : Optional.empty();
    boolean readAheadOff = lv.filter(volume -> volume.readAheadBytes().isEmpty()
        || volume.readAheadBytes().getAsLong() != 0).isPresent();
    return new DiskTarget(bus, busReason(view, bus), cache, io(IoMode.of(view.io()), cache.wanted()), discard,
        bus.virtioInTheEnd() && !view.hasIothread(), readAheadOff);
  }

  private static BusMove bus(DiskView view, boolean waitForDriver) {
    if (Bus.of(view.targetBus()) == Bus.VIRTIO) {
      return BusMove.STAYS_VIRTIO;
    }
    if (KeptBus.reason(view).isPresent()) {
      return BusMove.KEEP;
    }
    return waitForDriver ? BusMove.WAIT_FOR_DRIVER : BusMove.SWITCH;
  }

  private static Optional<String> busReason(DiskView view, BusMove bus) {
    return switch (bus) {
      case STAYS_VIRTIO -> Optional.empty();
      case KEEP -> KeptBus.reason(view);
      case WAIT_FOR_DRIVER -> Optional.of("move it to virtio-blk once the guest's VirtIO storage driver (viostor)"
          + " is bound; the plan stages this with a temporary virtio disk for one boot");
      case SWITCH -> Optional.of("move it to virtio-blk (the plan renames the target to vdX and drops the old address)");
    };
  }

  private static Setting<CacheMode> cache(CacheMode current, CacheMode chosen) {
    if (chosen == CacheMode.WRITEBACK) {
      return new Setting<>(current, chosen, "cache=writeback was asked for with its risk accepted: faster random"
          + " writes, but writes the guest was told are safe are lost on a host crash or power cut");
    }
    return switch (current) {
      case NONE -> new Setting<>(current, current, "cache=none: O_DIRECT, the guest's own page cache caches");
      case DIRECTSYNC -> new Setting<>(current, current, "directsync is O_DIRECT like none and also syncs every"
          + " write: kept, a durability choice someone made");
      case WRITEBACK -> new Setting<>(current, chosen, "cache=writeback is fast but loses writes on power loss;"
          + " keep it only with reliable power and backups, else use cache=none");
      case UNSAFE -> new Setting<>(current, chosen, "cache=unsafe ignores the guest's flushes: a host crash"
          + " corrupts the guest's filesystem; use cache=none");
      default -> new Setting<>(current, chosen, "use cache=none with io=native (the host page cache doubles the"
          + " guest's own)");
    };
  }

  /** The io mode that goes with a cache mode: native AIO needs O_DIRECT, else QEMU's thread pool. */
  public static Setting<IoMode> io(IoMode current, CacheMode cache) {
    IoMode wanted = cache.direct() ? IoMode.NATIVE : IoMode.THREADS;
    if (current == IoMode.IO_URING) {
      return new Setting<>(current, wanted, "io_uring hangs guests on LVM (Proxmox turned it off there): use io="
          + wanted.xml() + (cache.direct() ? " with cache=" + cache.xml() : " with cache=writeback"));
    }
    return new Setting<>(current, wanted, cache.direct()
        ? "use io=native together with cache=none"
        : "with cache=writeback use io=threads (native AIO needs O_DIRECT)");
  }
}

package io.virttune.recipe;

import io.virttune.lvm.LogicalVolume;
import io.virttune.xml.DiskView;
import java.util.Optional;

/**
 * Decides what one disk should become: the recipe in one function, so that inspect's findings and
 * the planner's edits cannot disagree. {@code cache='none' io='native'} by default; a disk on
 * {@code directsync} keeps it (O_DIRECT like none, and every write synced: a durability choice
 * someone made); an operator's {@code io_uring} stays where {@link IoUringRule} finds it safe.
 */
public final class DiskRecipe {
    private DiskRecipe() {}

    /**
     * @param waitForDriver the disk is one a Windows guest must keep on its bus for now ({@link VirtioDriver#waiting})
     * @param storage where the disk's data ends: its LV now, or the one a data move makes
     */
    public static DiskTarget decide(
            DiskView view, Optional<LogicalVolume> lv, DiskStorage storage, boolean waitForDriver, HostLevers levers) {
        BusMove bus = bus(view, waitForDriver);
        Setting<CacheMode> cache = cache(CacheMode.of(view.cache()), levers.cache());
        Optional<Setting<String>> discard = levers.discardSupported()
                ? Optional.of(new Setting<>(
                        view.discard().orElse(""),
                        "unmap",
                        "set discard='unmap' so freed blocks return to the thin pool and the SSD"))
                : Optional.empty();
        boolean readAheadOff = lv.filter(volume -> volume.readAheadBytes().isEmpty()
                        || volume.readAheadBytes().getAsLong() != 0)
                .isPresent();
        Setting<IoMode> io = io(IoMode.of(view.io()), cache.wanted(), storage, levers.ioUring());
        return new DiskTarget(
                bus,
                busReason(view, bus),
                cache,
                io,
                discard,
                bus.virtioInTheEnd() && !view.hasIothread(),
                readAheadOff);
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
            case WAIT_FOR_DRIVER ->
                Optional.of("move it to virtio-blk once the guest's VirtIO storage driver (viostor)"
                        + " is bound; the plan stages this with a temporary virtio disk for one boot");
            case SWITCH ->
                Optional.of("move it to virtio-blk (the plan renames the target to vdX and drops the old address)");
        };
    }

    private static Setting<CacheMode> cache(CacheMode current, CacheMode chosen) {
        if (chosen == CacheMode.WRITEBACK) {
            return new Setting<>(
                    current,
                    chosen,
                    "cache=writeback was asked for with its risk accepted: faster random"
                            + " writes, but writes the guest was told are safe are lost on a host crash or power cut");
        }
        return switch (current) {
            case NONE -> new Setting<>(current, current, "cache=none: O_DIRECT, the guest's own page cache caches");
            case DIRECTSYNC ->
                new Setting<>(
                        current,
                        current,
                        "directsync is O_DIRECT like none and also syncs every"
                                + " write: kept, a durability choice someone made");
            case WRITEBACK ->
                new Setting<>(
                        current,
                        chosen,
                        "cache=writeback is fast but loses writes on power loss;"
                                + " keep it only with reliable power and backups, else use cache=none");
            case UNSAFE ->
                new Setting<>(
                        current,
                        chosen,
                        "cache=unsafe ignores the guest's flushes: a host crash"
                                + " corrupts the guest's filesystem; use cache=none");
            default ->
                new Setting<>(
                        current,
                        chosen,
                        "use cache=none with io=native (the host page cache doubles the" + " guest's own)");
        };
    }

    /** The io mode that goes with a cache mode: native AIO needs O_DIRECT, else QEMU's thread pool. */
    public static IoMode ioFor(CacheMode cache) {
        return cache.direct() ? IoMode.NATIVE : IoMode.THREADS;
    }

    /** The io mode a disk gets with a cache mode on its storage, an operator's io_uring judged by the rule. */
    public static Setting<IoMode> io(IoMode current, CacheMode cache, DiskStorage storage, IoUringRule ioUring) {
        if (current == IoMode.IO_URING) {
            return ioUring.judge(storage, cache);
        }
        IoMode wanted = ioFor(cache);
        return new Setting<>(
                current,
                wanted,
                cache.direct()
                        ? "use io=native together with cache=none"
                        : "with cache=writeback use io=threads (native AIO needs O_DIRECT)");
    }
}

package io.virttune.recipe;

import java.util.Optional;

/**
 * What one disk should become under the recipe, each setting with the reason: inspect reports the
 * gap from it, the planner applies it.
 *
 * @param busReason why the bus moves or stays (empty when it is virtio already)
 * @param discard empty when the host's QEMU cannot pass discard through virtio-blk
 * @param iothread whether the disk needs its own IOThread (it is, or becomes, virtio-blk and has none)
 * @param readAheadOff whether the disk's LV needs its read-ahead turned off
 */
public record DiskTarget(
        BusMove bus,
        Optional<String> busReason,
        Setting<CacheMode> cache,
        Setting<IoMode> io,
        Optional<Setting<String>> discard,
        boolean iothread,
        boolean readAheadOff) {}

package io.virttune.apply.ports;

import io.virttune.qemu.BlockZeroing;
import io.virttune.qemu.LvConversion;
import io.virttune.qemu.PausedMaps;
import io.virttune.qemu.QemuImg;
import io.virttune.qemu.QemuImgCompare;
import io.virttune.qemu.ThinCopyCompare;

/**
 * The tools that copy images onto LVs, zero them and check the copies.
 *
 * @param conversion copies images into LVs and verifies them
 * @param zeroing zeroes LVs that no copy fills (a linear LV holds its extents' old data)
 * @param comparer verifies copies made by an earlier, interrupted run, and live copies in their pause
 * @param qemuImg reads images' allocation maps, for what a copy provisions in a thin pool
 * @param pausedMaps reads a source's allocation map with its guest paused, for a thin LV's reclaim
 * @param thinComparer verifies copies an earlier run made in thin LVs, reading what the pool's
 *     mapping does not prove
 */
public record CopyPorts(
        LvConversion conversion,
        BlockZeroing zeroing,
        QemuImgCompare comparer,
        QemuImg qemuImg,
        PausedMaps pausedMaps,
        ThinCopyCompare thinComparer) {}

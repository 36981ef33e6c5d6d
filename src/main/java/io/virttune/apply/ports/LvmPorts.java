package io.virttune.apply.ports;

import io.virttune.lvm.DirectIo;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.ThinDiscards;
import io.virttune.lvm.ThinMappings;

/**
 * The host's LVM, read and changed, and the processes that may still write an LV.
 *
 * @param reads reads the host's LVM report
 * @param actions creates, changes and removes LVs
 * @param discards gives a thin LV's chunks back to its pool, as a live copy's reclaim does
 * @param writers finds processes still writing an LV (a copy a killed apply left running), asked
 *     before an LV is written over or removed
 * @param directIo writes and reads an LV's device with direct I/O, timed: a calibration's measurement
 * @param mappings reads which chunks of a thin LV its pool maps
 */
public record LvmPorts(
        Lvm reads,
        Lvm actions,
        ThinDiscards discards,
        StaleWriters writers,
        DirectIo directIo,
        ThinMappings mappings) {}

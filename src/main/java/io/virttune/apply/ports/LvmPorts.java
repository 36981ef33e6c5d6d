package io.virttune.apply.ports;

import io.virttune.lvm.DirectIo;
import io.virttune.lvm.Lvm;

/**
 * The host's LVM, read and changed, and the processes that may still write an LV.
 *
 * @param reads reads the host's LVM report
 * @param actions creates, changes and removes LVs
 * @param writers finds processes still writing an LV (a copy a killed apply left running), asked
 *     before an LV is written over or removed
 * @param directIo writes and reads an LV's device with direct I/O, timed: a calibration's measurement
 */
public record LvmPorts(Lvm reads, Lvm actions, StaleWriters writers, DirectIo directIo) {}

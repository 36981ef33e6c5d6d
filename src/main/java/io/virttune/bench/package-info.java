/**
 * The bench: fio run inside a running guest through its QEMU guest agent, the host's view of the
 * disk's backing device sampled around it, each run stored under a label and two runs compared
 * (docs/bench.md).
 *
 * <h2>Averaging changes ({@link MeanChange})</h2>
 *
 * <p>The mean of several changes is the geometric mean of their ratios: one profile 5.87 times as
 * fast and another 1.3 times is 2.76 times on average (+176%), where the mean of the percentages
 * (+487% and +30%) says +258% and lets one big ratio outweigh every other; a gain and the same loss
 * (2x, then 0.5x) average to no change, as they should.
 *
 * <h2>A profile's runs ({@link ProfileResult})</h2>
 *
 * <p>A profile's runs are kept per direction as their average and their peak, as KDiskMark reports
 * them, and their low (the worst run, metric by metric), so that peak and low give the range the
 * runs spread over.
 *
 * <h2>Which guest device is the scratch disk ({@link ScratchDeviceIdentity})</h2>
 *
 * <p>A guest names its disks in the order it finds them, not by libvirt's target: libata probes
 * SATA ports at once, so the guest's /dev/sdb may be libvirt's sda, its system disk (seen in the
 * lab). What a guest cannot rename is a disk's size and its driver's family of names (virtio-blk's
 * vd*, the SCSI layer's sd* for SATA, SCSI, USB and IDE): the device must have the named disk's
 * size and family, and no other disk of the domain, nor of the guest, may share both; else nothing
 * is written and the run is refused.
 *
 * <h2>Whether a scratch device is free ({@link ScratchDeviceUse})</h2>
 *
 * <p>A guest's scratch device is refused unless nothing in the guest claims it (an allow-list): not
 * held by another block device, not mounted (by number or by mount source), not swap, nothing blkid
 * finds, and its first MiB all zeros; a known signature in its first 8 KiB is named in the refusal.
 * It is read through the guest agent in one command (a busybox guest has every tool it uses).
 */
package io.virttune.bench;

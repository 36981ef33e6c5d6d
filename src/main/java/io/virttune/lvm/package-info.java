/**
 * The LVM adapter: VGs, PVs and LVs read from LVM's JSON reports, and the {@code lvm} commands that
 * create, change and remove them ({@link Lvm}).
 *
 * <h2>Running lvm ({@link LvmCli}, {@link LvmArguments})</h2>
 *
 * <p>Prompts: the runner closes stdin, so any question LVM asks is answered "no" and the command
 * fails. Only {@code lvcreate} and {@code lvremove} pass {@code --yes}: for lvcreate the only
 * question is whether to wipe a stale signature inside the new LV itself, which is what a new disk
 * needs; for lvremove the call is the decision, and the one cascading question (removing a pool
 * removes its thin volumes) is refused before lvm runs. {@code vgcreate} never gets {@code --yes}:
 * wiping a filesystem signature found on a PV device must stay a human's choice.
 *
 * <p>Locking is left at the host's setting: LVM's own lock is what keeps concurrent changes safe.
 * Sizes go to LVM in bytes ({@code b} suffix), which LVM only accepts in multiples of 512.
 *
 * <h2>Reading LVM's reports ({@link LvmReportParser})</h2>
 *
 * <p>LVM prints every value as a string and an absent value as an empty string; a field missing
 * from the report is treated like an absent value, so older or narrower reports still parse as long
 * as names and sizes are there. Hidden LVs (names in brackets, such as {@code [pool0_tdata]},
 * listed only by {@code lvs -a}) are left out: their space is already accounted for in the VG's
 * free space and in the pool they belong to.
 *
 * <h2>A stranded thin pool ({@link StrandedPool})</h2>
 *
 * <p>Once an lvm command is killed while it activates or deactivates a thin pool, LVM refuses to
 * activate the pool ("Activation of logical volume VG/POOL is prohibited while logical volume
 * VG/POOL_tmeta is active"), so creating or removing any thin LV in it fails, and lvm2 2.03's
 * lvremove of a thin LV drops it from the VG's metadata before failing. A pool in use looks alike
 * at first sight: activated through its thin LVs, it reports itself inactive while its hidden LVs
 * are active, but then a thin LV of it is active and the pool's own device holds the hidden ones
 * open. A stranded component serves nothing, and deactivating it is all LVM needs; one that a
 * process holds open (a {@code thin_dump}, a repair) is not virt-tune's to close.
 *
 * <h2>A thin LV's provisioned chunks ({@link ThinMappings})</h2>
 *
 * <p>LVM reports how full a thin LV is, never where; the pool's metadata says where, and {@code
 * thin_dump} reads it. A live pool's metadata changes under a reader, so the dump reads the pool's
 * metadata snapshot: {@code dmsetup message POOL-tpool 0 reserve_metadata_snap} commits the pool's
 * transaction and keeps a copy of its roots, {@code thin_dump --metadata-snap --dev-id N} reads that
 * copy, and {@code release_metadata_snap} gives it back, on every path once reserved. A pool has one
 * such snapshot: while another holds it the reserve fails ("Device or resource busy") and that
 * other's snapshot is left alone. A SIGKILL between the reserve and the release would leave it held
 * for good (every later verify of the pool then reads in full), so each reserve is recorded in the
 * state directory ({@link MetadataSnapshotHolds}, {@code pools/metadata-snapshots/POOL-tpool},
 * written durably): the pid, its start time and the held metadata root the pool's {@code dmsetup status} gives
 * right after the reserve (the field after the data usage; {@code -} when none is held). A reserve
 * that finds the snapshot held releases it first only when the record proves it that virt-tune's:
 * that process no longer runs ({@link io.virttune.process.ProcessTable}: the same pid and start
 * time; a record without a start time by its pid alone) and the held root is the recorded one; it says so on stderr. The record
 * goes after the release; a SIGTERM or SIGINT releases through a shutdown hook ({@link
 * ReservedSnapshot}), once the dump is stopped. A dry run records nothing, as it reserves nothing. Every name is checked against what the kernel holds, not LVM's
 * naming alone: the thin LV's table names the pool's {@code -tpool} device (and no external origin,
 * whose data an unprovisioned chunk would read) and its device id; the pool's table names the
 * {@code _tmeta} device the dump reads. The dump must then add up: its chunks, and the count it
 * states, equal the mapped sectors the thin device's status gives before the reserve and after the
 * release, so a dump of another device or a write meanwhile is refused. {@code thin_dump --dev-id}
 * of a device it does not find prints an empty superblock and exits 0 (0.9 and 1.1 alike): that is
 * refused too, never read as nothing provisioned. The XML is the same in thin-provisioning-tools
 * 0.9 (Debian 12) and the Rust 1.x (Debian 13); an element other than the superblock, a device and
 * its range and single mappings is refused rather than skipped.
 */
package io.virttune.lvm;

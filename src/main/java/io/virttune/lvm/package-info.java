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
 */
package io.virttune.lvm;

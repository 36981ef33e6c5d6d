/**
 * The live move of a running guest's disk onto its LV: the copy under a bandwidth cap, the pivot
 * in a short pause with the catch-up uncapped, the thin pool's reclaim, and the checks and undo
 * of a move in flight. It writes the domain's journal through {@link
 * io.virttune.apply.journal.RunningJournal} and acts on the host through the ports of {@link
 * io.virttune.apply.ports} only, each part taking those it uses (docs/live.md).
 *
 * <h2>One disk's live copy ({@link LiveCopy})</h2>
 *
 * <p>A copy-live step follows the block copy until it is ready (copied again with synchronous
 * writes if the guest outpaces it), then pivots: a thin LV's zero chunks are given back before it
 * and checked with the guest paused for it ({@link ThinReclaim}, {@link PivotPause}), the copy is
 * compared then if planned so ({@link PausedCompare}), and both definitions are read back. Until
 * the pivot the source is the truth: a copy whose LV the check finds may differ is aborted and made
 * again, giving chunks back only in the pause. A copy an interrupted run left is pivoted if ready
 * and none of its LV's chunks were given back before the pause, else aborted and started again.
 *
 * <h2>Sharing the host's bandwidth ({@link HostBandwidth})</h2>
 *
 * <p>The host's cap is shared by the copies that run at once under {@code --jobs}: each live copy
 * gets an equal share of what the offline copies leave, never more than its own per-disk limit, and
 * what a copy limited below its share leaves goes to the others (max-min fairness). When a copy
 * starts or ends, the live copies' speeds are set again, those lowered before the new copy starts,
 * so that the copies together never exceed the cap. An offline copy ({@code qemu-img convert -r},
 * a throttled compare) cannot change speed once started: it takes one job's share of what the other
 * offline copies leave, and keeps it.
 *
 * <h2>When a live copy fails ({@link LiveCopyFailure})</h2>
 *
 * <p>A failed live copy is explained as the guest stopped (before or at the pivot), virt-tune lost
 * libvirtd, or the job ended by itself in a thin pool that is full; each time with what the guest
 * runs on, what the LV holds and what to do. libvirt says only "domain is not running", "Broken
 * pipe" or nothing at all (libvirt 9.0 logs no reason for a failed copy at its default level).
 *
 * <h2>The pause for the pivot ({@link PivotPause})</h2>
 *
 * <p>A running guest is paused for the moment of each pivot and resumed right after, also when the
 * pivot fails. QEMU 7.2 (Debian 12) can abort while a mirror completes under guest writes: a
 * request that arrives while the job swaps the disk's nodes meets one that gave up its write
 * permission ({@code bdrv_co_write_req_prepare: Assertion `child->perm & BLK_PERM_WRITE' failed},
 * seen in the lab on a SATA disk under 4k random writes at queue depth 8), and the guest dies with
 * QEMU. Paused, the guest's devices send no request until the swap is over. The pause is journaled
 * before it happens, so that a resume or a rollback after a crash in between resumes the guest; a
 * guest paused by someone else stays paused.
 *
 * <p>What the pause holds ({@link PauseParts}, each part timed in apply's pause line): the suspend,
 * a thin LV's check and discards below (the catch-up, the source's map, the discards again, the new
 * zeros within their budget), the paused compare if planned, the switch (one libvirt call), the
 * resume. The copy's readiness is read and its cap lifted right before the suspend, so that every
 * catch-up from then on runs at the device's pace and neither call is pause time. Nothing else: the
 * definitions that show the switch made are read after the resume, since once the pivot returned
 * the guest runs on whatever it switched to, paused or not, and a failed read-back fails the move
 * the same way either side of the resume. The resume's journal entry says how long the guest was
 * paused ({@link io.virttune.apply.journal.PivotPauses}), which apply puts beside the plan's
 * prediction.
 *
 * <h2>The verify in the pause ({@link PausedCompare})</h2>
 *
 * <p>With the guest paused for its pivot, the copy is left to catch up until nothing is dirty (cur
 * equals end), then source and LV are compared with qemu-img. Paused, the guest writes nothing and
 * QEMU has flushed the source's metadata (a stop drains and flushes every disk), so equal images
 * prove the LV holds exactly what the guest would read from its source at the switch. A difference
 * aborts the copy: the guest stays on its source, which is the truth until the pivot.
 *
 * <h2>Keeping a thin LV thin ({@link ThinReclaim}, {@link ReclaimableChunks})</h2>
 *
 * <p>Keeping a thin LV thin across a live copy. QEMU 7.2's mirror writes every zero of the source onto
 * the target (dm-thin has no write-zeroes for it to skip them with), so a fresh thin LV leaves the
 * copy fully provisioned. The chunks lying wholly where the source reads as zeros ({@code qemu-img
 * map}, {@code "zero": true}) are discarded, and a discarded thin chunk reads as zeros; in two rounds.
 *
 * <p>Before the pause for the pivot, the guest running, from the map read then: the longest runs of
 * such chunks, with no time budget, journaled first. Then nothing holds the guest, but nothing holds
 * the LV either: the guest may write into such a chunk after the map was read, or the map may be
 * stale (QEMU writes the qcow2's tables lazily), the mirror's copy of that write may land before the
 * discard (which also drops the LV's page cache there) or after it, and after it a partial write
 * brings back the old bytes of the rest of the chunk in a pool that does not zero new chunks
 * ({@code -Zn}; seen in the lab).
 *
 * <p>With the guest paused and the copy caught up (nothing dirty, nothing in flight), from the map
 * read then, which a stop makes the truth (it flushes the source's metadata), in apply's own process
 * from a plain qcow2's tables, not a process's start of pause ({@link
 * io.virttune.qemu.PausedMaps}): the mirror keeps the
 * LV equal to the source wherever it copied, and a discard only ever turns a chunk into zeros, so
 * the LV can differ from the source only in chunks given back before the pause. If one of them holds
 * data in the source now, the LV is not switched onto ({@link ThinReclaim#inPause} is false: the guest is
 * resumed on its source, which is the truth until the pivot, and the copy aborted and made again,
 * giving back only in the pause). Otherwise each reads as zeros in the source, and is discarded
 * again, paused, so that it reads as zeros on the LV too; a refused one is not switched onto either.
 * The discards of a round go through one opening of the LV in apply's own process, one BLKDISCARD
 * ioctl a run ({@link io.virttune.lvm.IoctlDiscards}), not a process a run: an unmapped run costs
 * the kernel little, a process start (blkdiscard) tens of milliseconds; the runs given back before
 * stay capped at {@link ThinReclaim#RUNS_BEFORE_PAUSE}, so that the pause stays bounded by their
 * count whatever the disk. Then the chunks that read as
 * zeros now and were not given back before (zeros made since, the shorter runs), for at most
 * {@link ThinReclaim#BUDGET} of the pause: the LV equals the source there, zeros, so a discard changes no byte.
 *
 * <p>Never on an LV that LVM does not report as thin (a discarded linear block may read as
 * anything); an LV that takes no discards keeps its chunks, and the move goes on.
 */
package io.virttune.apply.live;

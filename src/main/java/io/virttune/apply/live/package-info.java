/**
 * The live move of a running guest's disk onto its LV: the copy under a bandwidth cap, the pivot
 * in a short pause with the catch-up uncapped, the thin pool's reclaim, and the checks and undo
 * of a move in flight. It writes the domain's journal through {@link
 * io.virttune.apply.journal.RunningJournal} and acts on the host through {@link
 * io.virttune.apply.ports.ApplyPorts} only (docs/live.md).
 *
 * <h2>Keeping a thin LV thin ({@link ThinReclaim})</h2>
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
 * read then, which a stop makes the truth (it flushes the source's metadata): the mirror keeps the
 * LV equal to the source wherever it copied, and a discard only ever turns a chunk into zeros, so
 * the LV can differ from the source only in chunks given back before the pause. If one of them holds
 * data in the source now, the LV is not switched onto ({@link ThinReclaim#inPause} is false: the guest is
 * resumed on its source, which is the truth until the pivot, and the copy aborted and made again,
 * giving back only in the pause). Otherwise each reads as zeros in the source, and is discarded
 * again, paused, so that it reads as zeros on the LV too (one discard a run: hence the cap on the
 * runs given back before); a refused one is not switched onto either. Then the chunks that read as
 * zeros now and were not given back before (zeros made since, the shorter runs), for at most
 * {@link ThinReclaim#BUDGET} of the pause: the LV equals the source there, zeros, so a discard changes no byte.
 *
 * <p>Never on an LV that LVM does not report as thin (a discarded linear block may read as
 * anything); an LV that takes no discards keeps its chunks, and the move goes on.
 */
package io.virttune.apply.live;

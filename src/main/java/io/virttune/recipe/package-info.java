/**
 * The recipe: the tuning numbers, and the one decision of what a disk should become (its bus,
 * cache, io mode and storage) made from the disk's view and facts, with the reason when it is left
 * alone; inspect reports the gap from it and the planner applies it.
 *
 * <h2>The temporary disk ({@link TemporaryDisk})</h2>
 *
 * <p>A name proves nothing (a user may name a disk anything), so the temporary disk is recognised
 * only from the tags apply's {@code lvcreate} gives it: {@code virt-tune} and {@code
 * virt-tune-<domain uuid>} (apply's {@code VolumeOwnership}). A name can only withhold trust: a
 * disk that merely looks like one is neither removed nor tuned, and never counts as proof that the
 * driver is bound.
 */
package io.virttune.recipe;

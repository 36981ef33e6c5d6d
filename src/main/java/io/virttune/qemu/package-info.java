/**
 * The qemu-img adapter: an image's info, chain and allocation map, its copy into an LV and the
 * compare that proves it, and the zeroing of a block device's range.
 *
 * <h2>An image's thin footprint ({@link ThinFootprint})</h2>
 *
 * <p>A thin pool allocates whole chunks, so one 4 KiB write every 4 MiB takes all of a pool of 4
 * MiB chunks, whatever the image's {@code actual-size} says. The footprint is computed once from
 * {@code qemu-img map}, so that a plan can count it at whatever chunk size its pool has.
 *
 * <h2>Zeroing a range ({@link BlockZeroing})</h2>
 *
 * <p>The part aligned to {@link BlockZeroing#ALIGNMENT} goes through {@code blkdiscard -z}
 * (BLKZEROOUT): the kernel uses the device's write-zeroes command or writes zero pages, never a
 * discard that could leave old data readable; on a thin LV it provisions the range. BLKZEROOUT
 * refuses a range not aligned to the device's logical block size (4 KiB on a 4Kn disk, and the LVs
 * on it), so the unaligned head and tail, less than one unit each, are written as explicit zeros
 * with {@code dd} through the page cache, which reads and rewrites the partial blocks. Aligning to
 * the largest logical block size Linux allows, rather than asking the device, works in a dry run
 * too, where the LV does not exist yet. Then {@code sync DEV}: an fsync of the device, which writes
 * back the page cache and flushes the device's write cache ({@code blockdev --flushbufs} does only
 * the first).
 *
 * <h2>Copying an image into an LV ({@link LvConversion})</h2>
 *
 * <p>What an LV holds before the copy decides how: a linear LV holds whatever its extents held
 * before, so every byte of the image is written ({@link ConversionMethod#OVERWRITE_ALL}) and the
 * tail beyond the image is zeroed. A fresh thin LV reads as zeros, so only data is written ({@link
 * ConversionMethod#FRESH_THIN_VOLUME}); but in a pool that does not zero new chunks ({@code -Zn})
 * and has held other data, a partly written chunk keeps the old bytes in its unwritten part:
 * another tenant's deleted data (shown in the lab).
 *
 * <p>The verify catches that, and the copy is then redone in full, which writes zeros everywhere
 * the image reads as zeros and provisions the whole LV, after checking that the pool has room for
 * it (a full pool stalls every volume in it). Redoing it rather than refusing: the data are correct
 * either way once verified, the guest's discards (discard='unmap') give the space back, and
 * refusing would make a used {@code -Zn} pool, the recipe's fast profile, unusable for migrations.
 *
 * <h2>Verifying a thin copy by what needs reading ({@link ThinCopyCompare}, {@link VerifyWindows})</h2>
 *
 * <p>{@code qemu-img compare} of an image with a block device reads the whole device: a raw block
 * device reports every block as data, so the zeros of an LV's unprovisioned chunks are read and
 * checked, 7 GiB of them for an 8 GiB image with 1 GiB of data. Two facts prove most of that zero
 * without reading it: where the source's map says it reads as zeros, and where the thin LV has no
 * provisioned chunk, which device-mapper answers with zeros by definition. Everything else is read
 * and compared byte for byte: every range the map does not call zero, and every chunk the pool
 * provisioned, whole, because in a pool that does not zero new chunks ({@code -Zn}) a chunk partly
 * written by the copy holds old data in the rest (the full rewrite above then follows). So does a
 * chunk a stray write provisioned, and one past the image's end, where the LV must read as zeros.
 * The pool's mapping comes from {@code lvm.ThinMappings}; where it cannot be read (the snapshot
 * held by another, a tool missing, names that do not match the kernel's devices) the LV is read in
 * full, as before, and the comparison says why. The source's map is the one read for the pool's
 * room right before the copy, handed down rather than read again: every {@code qemu-img} that opens
 * the source in between (the convert, the compares) takes QEMU's image lock, so a guest started
 * meanwhile fails the copy rather than change the source under it.
 *
 * <p>The ranges are compared through the raw driver's {@code offset} and {@code size} over each
 * side, one {@code qemu-img compare} per window, up to four at once ({@link WindowCompares}): one
 * compare reads its two sides in turn, a request at a time, and four overlap their reads as the
 * copy's requests in flight did. The answer is the one that comparing the windows in order would
 * give: the first window by offset that differs, every window before it compared to its end. The
 * bandwidth cap's throttle over the source lives in each process, so the compares running at once
 * share the cap, each its part. A window that would begin past the image's end begins at its last sector, so
 * that each has some of the source to compare with and the rest of the LV window is checked for
 * zeros. Each process opens the image again, so windows closer than 64 MiB are joined and at most
 * 16 kept, the closest joined first; reading the zeros between costs less than a process.
 */
package io.virttune.qemu;

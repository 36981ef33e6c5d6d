package io.virttune.plan;

import io.virttune.blockjob.BlockJobProgress;
import io.virttune.blockjob.Convergence;
import io.virttune.inspect.GuestWriteRate;
import io.virttune.text.Bytes;
import java.util.Locale;
import java.util.Optional;

/**
 * What a live copy's mirror writes, and how long it takes, while its guest writes at a sampled
 * rate: each guest write dirties a granule of the mirror's bitmap that, once copied, is copied
 * again; a copy the guest outpaces is given up by apply's own rule ({@link Convergence}) and made
 * again with synchronous writes, from nothing, the guest's writes then reaching both sides.
 */
final class BusyMirror {
    /**
     * The mirror's dirty-bitmap granularity: virt-tune passes none, libvirt then none, and QEMU takes
     * the target's cluster size between 4 KiB and 64 KiB, 64 KiB where it has none (a raw LV).
     */
    static final long GRANULE_BYTES = 64 << 10;
    /** Apply reads a copy's progress once a second: the simulation steps as apply sees the copy. */
    private static final long STEP_NANOS = 1_000_000_000L;
    /** As long as apply waits for a copy to be ready: a copy not ready by then fails the domain. */
    private static final long MOST_SECONDS = 24 * 3600;

    /**
     * What a copy wrote and for how long.
     *
     * @param copiedAgain whether apply gives the background copy up and copies again with synchronous writes
     * @param backgroundSeconds how long the background copy went, until ready or given up
     */
    record Copy(long writtenBytes, double seconds, boolean copiedAgain, double backgroundSeconds) {}

    private BusyMirror() {}

    /**
     * The paces the copy goes at, in bytes a second: QEMU's mirror sweeps the disk in order, then
     * copies the granules dirtied behind it one by one, scattered over the disk; a copy made again
     * with synchronous writes waits on each guest write too. The lab measured them apart (53, 25.7
     * and 30 MB/s, docs/benchmarks.md).
     *
     * @param firstPass the sweep over the whole disk
     * @param granules the dirtied 64 KiB granules copied again
     * @param synchronous the copy made again with synchronous writes
     */
    record Paces(double firstPass, double granules, double synchronous) {}

    /**
     * The copy of {@code work} bytes at {@code paces} while the guest writes at {@code writes}; given
     * up, the synchronous copy writes {@code againBytes}, the disk's size (0 where it is unknown).
     */
    static Copy copy(long work, Paces paces, GuestWriteRate writes, long againBytes) {
        double dirtying = dirtyingBytesPerSecond(writes);
        // Judged as apply judges it, of unknown size too; the copy made again writes the whole disk, so
        // never less than the background copy had to: a size read as 0 would make it "0 s".
        Convergence rule = new Convergence(Convergence.DEFAULT_WINDOW, againBytes);
        long again = Math.max(againBytes, work);
        double firstLeft = work;
        double dirty = 0;
        double copied = 0;
        for (long second = 1; second <= MOST_SECONDS; second++) {
            // Random writes land in what is copied and clean in its share of the disk; elsewhere the
            // bitmap is dirty already, and the write costs the mirror nothing more. No more than is
            // clean can be dirtied again, however fast the guest writes.
            double clean = work - firstLeft - dirty;
            double dirtied = Math.min(clean, dirtying * clean / work);
            double sweep = Math.min(1, firstLeft / paces.firstPass());
            // Ready within the second: the sweep ends, then the granules dirty by then are copied
            // faster than the guest dirties more.
            double dirtyAfterSweep = dirty + dirtied * sweep;
            double catchUp = dirtyAfterSweep == 0
                    ? 0
                    : paces.granules() > dirtied
                            ? dirtyAfterSweep / (paces.granules() - dirtied)
                            : Double.POSITIVE_INFINITY;
            if (firstLeft <= paces.firstPass() && sweep + catchUp <= 1) {
                double at = second - 1 + sweep + catchUp;
                return new Copy(Math.round(copied + firstLeft + paces.granules() * catchUp), at, false, at);
            }
            double swept = Math.min(firstLeft, paces.firstPass());
            double granules = Math.min(dirtyAfterSweep, paces.granules() * (1 - sweep));
            copied += swept + granules;
            firstLeft -= swept;
            dirty = dirty + dirtied - granules;
            Optional<String> givenUp = rule.judge(
                    new BlockJobProgress(Math.round(copied), Math.round(copied + firstLeft + dirty)),
                    second * STEP_NANOS);
            if (givenUp.isPresent()) {
                return new Copy(Math.round(copied) + again, second + again / paces.synchronous(), true, second);
            }
        }
        return new Copy(Math.round(copied), MOST_SECONDS, false, MOST_SECONDS);
    }

    /** What the guest's writes dirty a second: at least a granule each, more for a write larger than one. */
    static double dirtyingBytesPerSecond(GuestWriteRate writes) {
        if (writes.writesPerSecond() == 0) {
            return 0;
        }
        double bytesPerWrite = writes.bytesPerSecond() / writes.writesPerSecond();
        return writes.writesPerSecond() * GRANULE_BYTES * Math.max(1, Math.ceil(bytesPerWrite / GRANULE_BYTES));
    }

    /**
     * The guest's writes in words, the sampled rate first, then, where it differs, the rate during the
     * copy {@code writes} that it was predicted by, and what they dirty; ends with a colon, the copy's
     * outcome to follow.
     */
    static String rates(GuestWriteRate sampled, GuestWriteRate writes) {
        String during = writes.equals(sampled)
                ? ""
                : String.format(
                        Locale.ROOT,
                        ", %.0f during its copy (%s/s)",
                        writes.writesPerSecond(),
                        Bytes.format(writes.bytesPerSecond()));
        return String.format(
                Locale.ROOT,
                "the guest wrote %.0f times a second (%s/s) over the %.1f s plan sampled it%s, each write dirtying a"
                        + " %s granule the mirror copies again (%s/s): ",
                sampled.writesPerSecond(),
                Bytes.format(sampled.bytesPerSecond()),
                sampled.sampledMillis() / 1000.0,
                during,
                Bytes.format(GRANULE_BYTES),
                Bytes.format(Math.round(dirtyingBytesPerSecond(writes))));
    }

    /** What becomes of a background {@code copy}, in words: given up, caught up, or never ready. */
    static String outcome(Copy copy) {
        if (copy.copiedAgain()) {
            return "it outpaces the background copy, which apply would give up after about "
                    + Math.round(copy.backgroundSeconds()) + " s and copy again with synchronous writes";
        }
        return (copy.backgroundSeconds() >= MOST_SECONDS
                        ? "the background copy is not ready within the " + MOST_SECONDS / 3600 + " h apply waits for it"
                        : "the background copy catches up in about " + Math.round(copy.backgroundSeconds()) + " s")
                + ", " + Bytes.format(copy.writtenBytes()) + " written in all";
    }
}

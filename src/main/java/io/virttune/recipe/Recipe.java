package io.virttune.recipe;

/**
 * The tuning recipe's numbers, in one place, with where they come from (see the project brief):
 * a hosting provider's measurements on Samsung 970 Pro SSDs under CrystalDiskMark and fio.
 */
public final class Recipe {
    private Recipe() {}

    /** VG extent size the source used for VM volume groups; fewer, larger extents. */
    public static final long VG_EXTENT_BYTES = 256L << 20;

    /** Thin-pool chunk size the source measured as fastest (LVM's default is 64 KiB). */
    public static final long THIN_CHUNK_BYTES = 4L << 20;

    /**
     * Chunk size for a pool that zeroes new chunks: LVM's smallest default, since each first write
     * to a chunk zero-fills all of it.
     */
    public static final long THIN_CHUNK_ZEROED_BYTES = 64L << 10;

    /** Default share of a VG kept unallocated: SSDs lose write speed badly when nearly full. */
    public static final double OVERPROVISION_RESERVE = 0.10;

    /** Thin-pool data or metadata use above which a pool is close to running out. */
    public static final double THIN_POOL_FULL_PERCENT = 80.0;

    /** I/O schedulers that suit SSDs on blk-mq kernels (noop and deadline no longer exist). */
    public static boolean isSsdScheduler(String scheduler) {
        return scheduler.equals("none") || scheduler.equals("mq-deadline");
    }

    /** vCPUs below which an I/O-heavy guest was measured to lose disk throughput. */
    public static final int MIN_VCPUS_FOR_IO = 2;
}

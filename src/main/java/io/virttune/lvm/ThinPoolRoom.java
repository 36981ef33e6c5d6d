package io.virttune.lvm;

import io.virttune.VirtTuneException;
import java.util.Locale;
import java.util.function.ObjLongConsumer;

/**
 * A thin pool's free data space, read fresh from LVM: checked before a conversion writes into
 * the pool, and described when a write into it fails, since a full pool stalls or fails every
 * thin volume in it, not only the one being written.
 */
public final class ThinPoolRoom {
    private static final long MIB = 1L << 20;

    private final Lvm lvm;
    private final VolumeName poolName;
    private final Reads reads;

    /**
     * The pool's usage beside the room the host's other copies hold in it, read together, and this
     * copy's room grown to what the check of them allows in the same step: a copy that gives its room
     * back between two separate reads, its data written, is counted in neither read, or in both; and
     * room allowed but held only later may be granted to another copy meanwhile.
     */
    @FunctionalInterface
    public interface Reads {
        /**
         * Runs {@code check} on the pool as LVM reports it now and the data bytes the host's other copies
         * hold in it; unless it throws, or the pool's metadata cannot map them (refused with {@code
         * purpose}, as the check words its own), this copy holds {@code dataBytes} of the pool's data
         * (and the metadata mapping them), at least, until it ends.
         */
        void checkThenHold(long dataBytes, String purpose, ObjLongConsumer<LogicalVolume> check);
    }

    /** A pool no other copy on the host holds room in. */
    public ThinPoolRoom(Lvm lvm, String vgName, String poolName) {
        this.lvm = lvm;
        this.poolName = new VolumeName(vgName, poolName);
        this.reads = (dataBytes, purpose, check) -> check.accept(pool(), 0);
    }

    /** {@code reads}: the pool beside the room other copies on the host hold in it, which is not free to this one. */
    public ThinPoolRoom(Lvm lvm, VolumeName poolName, Reads reads) {
        this.lvm = lvm;
        this.poolName = poolName;
        this.reads = reads;
    }

    public VolumeName poolName() {
        return poolName;
    }

    /**
     * Refuses, changing nothing, unless the pool's free data space holds {@code bytes} for {@code
     * purpose}; else holds them for this copy (see {@link Reads#checkThenHold}), as the room its
     * writes are about to fill until lvs shows them.
     */
    public void require(long bytes, String purpose) {
        reads.checkThenHold(bytes, purpose, (pool, others) -> {
            long free = pool.freeDataBytes() - others;
            if (bytes > free) {
                String room = pool.dataPercent().isEmpty()
                        ? inactive(poolName.toString()) + ", and try again"
                        : "has " + mib(Math.max(0, free)) + " free (" + describe(pool)
                                + (others > 0 ? ", besides " + mib(others) + " other copies on this host hold" : "")
                                + "); extend the pool (lvextend) or choose another one";
                throw VirtTuneException.refused("Refusing to " + purpose + ": it needs " + mib(bytes) + " in thin pool "
                        + poolName + ", which " + room);
            }
        });
    }

    /**
     * What a refusal says of thin pool {@code pool} whose usage lvs does not report (it prints none
     * for an inactive pool), after "which": its room counts as none ({@link
     * LogicalVolume#freeDataBytes}), and how to give it its room back.
     */
    public static String inactive(String pool) {
        return "is inactive: lvs reports no usage of it, so its free space is unknown and counts as none; activate it"
                + " (lvchange -ay " + pool + ")";
    }

    /** The pool's size and usage, for a message about a write into it. */
    public String state() {
        return "thin pool " + poolName + ": " + describe(pool());
    }

    private LogicalVolume pool() {
        return lvm.report()
                .logicalVolume(poolName.vg(), poolName.lv())
                .filter(LogicalVolume::isThinPool)
                .orElseThrow(() -> VirtTuneException.failed("Thin pool " + poolName + " does not exist"));
    }

    private static String describe(LogicalVolume pool) {
        if (pool.dataPercent().isEmpty()) {
            return mib(pool.sizeBytes()) + ", inactive: lvs reports no usage of it";
        }
        return String.format(
                Locale.ROOT,
                "%s, data %.2f%% used, metadata %.2f%% used",
                mib(pool.sizeBytes()),
                pool.dataPercent().orElse(0),
                pool.metadataPercent().orElse(0));
    }

    private static String mib(long bytes) {
        return (bytes + MIB - 1) / MIB + " MiB";
    }
}

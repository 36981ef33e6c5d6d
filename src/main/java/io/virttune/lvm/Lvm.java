package io.virttune.lvm;

import java.util.List;
import java.util.Optional;

/** What virt-tune asks of a host's LVM: one report of everything, and the few changes apply makes. */
public interface Lvm {

    /** Reads all volume groups, visible logical volumes and physical volumes in one go. */
    LvmReport report();

    void createVolumeGroup(String name, List<String> pvDevices, long extentSizeBytes);

    /** The LV's uuid, tags and open state, read fresh; empty when no LV has that name. */
    Optional<VolumeIdentity> identity(String vgName, String name);

    /** Whether the volume group takes changes: {@code vgchange --permission r} makes one read-only. */
    boolean writable(String vgName);

    /** Creates a linear LV carrying {@code tags} from its first moment. */
    void createLinear(String vgName, String name, long sizeBytes, String... tags);

    void createThinPool(
            String vgName,
            String name,
            long sizeBytes,
            long chunkSizeBytes,
            boolean zeroing,
            long metadataSizeBytes,
            String... tags);

    void createThin(String vgName, String poolName, String name, long virtualSizeBytes, String... tags);

    /** Sets the LV's read-ahead in 512-byte sectors; 0 turns read-ahead off. */
    void setReadAhead(String vgName, String name, int sectors);

    /**
     * Discards {@code length} bytes from {@code offset} of a thin LV: its chunks wholly inside go back
     * to the pool and read as zeros. Only for a thin LV; a linear one's discarded blocks may read as
     * anything.
     */
    void discard(String vgName, String name, long offset, long length);

    /**
     * Whether the LV's device takes discards at all: a thin LV of a pool made with {@code --discards
     * ignore} does not, and the kernel refuses each discard on it before touching a byte.
     */
    boolean takesDiscards(String vgName, String name);

    /** Removes one LV; refuses a thin pool that still provisions thin volumes. */
    void remove(String vgName, String name);
}

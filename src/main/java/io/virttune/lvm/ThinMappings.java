package io.virttune.lvm;

import io.virttune.VirtTuneException;
import io.virttune.process.ProcessRunner;
import io.virttune.process.ProcessTable;
import java.util.List;
import java.util.Optional;

/** Reads which chunks of a thin LV its pool has provisioned, from a snapshot of the pool's metadata (package-info). */
public final class ThinMappings {
    private static final long SECTOR = 512;

    private final ProcessRunner runner;
    private final DeviceMapper dm;
    private final MetadataSnapshotHolds holds;

    /** Reads through {@code runner}, recording each snapshot it holds in {@code holds}. */
    public ThinMappings(ProcessRunner runner, MetadataSnapshotHolds holds) {
        this.runner = runner;
        this.dm = new DeviceMapper(runner);
        this.holds = holds;
    }

    /**
     * The provisioned chunks of {@code thin}, a thin LV of {@code pool}, read while nothing writes it;
     * throws, naming why, when the kernel's devices do not prove them.
     */
    public ProvisionedChunks of(VolumeName thin, VolumeName pool) {
        String device = thin.dmName();
        String tpool = pool.dmName() + "-tpool";
        String tmeta = new VolumeName(pool.vg(), pool.lv() + "_tmeta").dmName();
        List<String> thinTable = thinTable(thin, pool);
        if (!dm.table(tpool, "thin-pool").get(3).equals(dm.number(tmeta))) {
            throw VirtTuneException.failed(tpool + " keeps its metadata elsewhere than on " + tmeta);
        }
        long devId = Long.parseLong(thinTable.get(4));
        String before = mappedSectors(device);
        ThinDumpParser.DeviceMappings dump = dumped(tpool, tmeta, devId);
        String after = mappedSectors(device);
        ProvisionedChunks chunks = dump.chunks();
        String counted = Long.toString(chunks.bytes() / SECTOR);
        if (!before.equals(after)
                || !counted.equals(before)
                || dump.statedBlocks() * chunks.chunkBytes() != chunks.bytes()) {
            throw VirtTuneException.failed("the mapping of " + thin + " changed or does not add up: " + before
                    + " sectors mapped before its dump, " + after + " after, " + counted + " in its "
                    + chunks.runs().size() + " ranges");
        }
        return chunks;
    }

    /**
     * How many bytes of {@code thin}, a thin LV of {@code pool} with no external origin, its pool maps
     * now, by the kernel's own count ({@code dmsetup status}): 0 proves that every byte of it reads as
     * zeros; throws, naming why, when its table is not of that pool alone.
     */
    public long mappedBytes(VolumeName thin, VolumeName pool) {
        thinTable(thin, pool);
        return Long.parseLong(mappedSectors(thin.dmName())) * SECTOR;
    }

    /**
     * The table of {@code thin}, which must name {@code pool}'s device alone: "0 LEN thin POOL
     * DEV_ID", where a fifth argument would be an external origin, read where nothing is provisioned.
     */
    private List<String> thinTable(VolumeName thin, VolumeName pool) {
        String tpool = pool.dmName() + "-tpool";
        List<String> table = dm.table(thin.dmName(), "thin");
        if (table.size() != 5 || !table.get(3).equals(dm.number(tpool))) {
            throw VirtTuneException.failed("the table of " + thin + " (" + String.join(" ", table)
                    + ") does not name thin pool " + pool + "'s device " + tpool + " alone");
        }
        return table;
    }

    private String mappedSectors(String device) {
        String mapped = dm.status(device, "thin").get(3);
        if (!mapped.matches("[0-9]+")) {
            throw VirtTuneException.failed("dmsetup status " + device + " printed no count of mapped sectors");
        }
        return mapped;
    }

    private ThinDumpParser.DeviceMappings dumped(String tpool, String tmeta, long devId) {
        String xml;
        try (ReservedSnapshot reserved = reserve(tpool)) {
            xml = runner.act(List.of(
                            "thin_dump", "--metadata-snap", "--dev-id", Long.toString(devId), "/dev/mapper/" + tmeta))
                    .requireSuccess()
                    .stdout();
        }
        return ThinDumpParser.parse(xml, devId);
    }

    /**
     * Reserves the pool's snapshot. Where one is held already, and the record says a virt-tune
     * reserved that very root and no longer runs (a SIGKILL during its dump), it is released first:
     * no one else reads it, and left held it would make every later verify read in full.
     */
    private ReservedSnapshot reserve(String tpool) {
        try {
            return ReservedSnapshot.reserve(dm, tpool, holds);
        } catch (VirtTuneException busy) {
            if (!releasedKilledHold(tpool)) {
                throw busy;
            }
            return ReservedSnapshot.reserve(dm, tpool, holds);
        }
    }

    private boolean releasedKilledHold(String tpool) {
        Optional<MetadataSnapshotHolds.Hold> recorded = holds.of(tpool);
        if (recorded.isEmpty() || ProcessTable.here().runs(recorded.get().holder())) {
            return false;
        }
        String held = dm.heldMetadataRoot(tpool);
        if (!held.equals(recorded.get().root())) {
            return false;
        }
        System.err.println("Releasing the metadata snapshot of " + tpool + " (root " + held + "): virt-tune ("
                + recorded.get().holder().describe() + ") reserved it and no longer runs");
        ReservedSnapshot.release(dm, tpool);
        holds.forget(tpool, recorded.get());
        return true;
    }
}

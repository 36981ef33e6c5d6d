package io.virttune.apply.guards;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.PoolRoomLedger;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.lvm.CalibrationVolume;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.lvm.VolumeName;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateVolume;
import io.virttune.process.ProcessTable;
import io.virttune.qemu.AllocationMap;
import io.virttune.qemu.QemuImg;
import io.virttune.text.Bytes;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ObjLongConsumer;

/**
 * The room copies into thin pools need, counted as a pool provisions it and checked right before
 * each copy.
 */
public final class ThinSpace {
    /** How a copy's room was counted from its image's map, as a refusal names it. */
    public static final String MAPPED = "from qemu-img map";

    /** Pool metadata per mapped chunk: dm-thin's btree entries with their overhead, as lvm's thin_metadata_size reckons. */
    static final long METADATA_PER_CHUNK = 64;

    private static final long MIB = 1L << 20;

    private final Lvm lvmReads;
    private final PoolRoomLedger ledger;

    /** What one copy provisions in a pool. */
    public record Need(long dataBytes, long metadataBytes) {
        public static final Need NONE = new Need(0, 0);

        public static Need of(AllocationMap map, long chunkBytes) {
            long data = map.thinProvisionedBytes(chunkBytes);
            return new Need(data, data / chunkBytes * METADATA_PER_CHUNK);
        }

        /** A whole LV of {@code bytes}: what a live copy may provision until the reclaim after its pivot. */
        public static Need whole(long bytes, long chunkBytes) {
            return new Need(bytes, (bytes + chunkBytes - 1) / chunkBytes * METADATA_PER_CHUNK);
        }

        Need plus(Need other) {
            return new Need(dataBytes + other.dataBytes, metadataBytes + other.metadataBytes);
        }
    }

    /**
     * What a pool lacks for a need beside the room the host's other copies hold: the refusal's words,
     * or empty. {@code host} is LVM's report read with the pool under its lock, {@code pool} the pool in it.
     */
    @FunctionalInterface
    public interface Lacking {
        Optional<String> in(LvmReport host, LogicalVolume pool, Need held);
    }

    /** The room of a copy running now; closing it says its data is in the pool's usage. */
    public interface Reservation extends AutoCloseable {
        /** The room of work that provisions nothing in a pool: a linear LV's. */
        Reservation NONE = () -> {};

        @Override
        void close();
    }

    /**
     * The room one copy holds in a thin pool, through which a check during the copy ({@link
     * ThinPoolRoom#require}) reads the pool's usage and the other copies' room, together under the
     * pool's lock, and grows it to what the check allows under the same lock.
     */
    public final class PoolReservation implements Reservation, ThinPoolRoom.Reads {
        private final VolumeName pool;
        private final String mine;

        private PoolReservation(VolumeName pool, String mine) {
            this.pool = pool;
            this.mine = mine;
        }

        @Override
        public void checkThenHold(long dataBytes, String purpose, ObjLongConsumer<LogicalVolume> check) {
            underLock(pool, (host, now, entries) -> {
                Map<String, PoolRoomLedger.Entry> others = new HashMap<>(entries);
                PoolRoomLedger.Entry held = others.remove(mine);
                if (held == null) {
                    throw VirtTuneException.failed("The room entry of this copy in thin pool " + pool
                            + " vanished from virt-tune's state directory while the copy ran, so its writes no"
                            + " longer count against the room other copies are granted; the copy stops here rather"
                            + " than over-commit the pool: see that nothing removes files under pools/room in the"
                            + " state directory while virt-tune runs, then apply again");
                }
                PoolRoomLedger.Room heldByOthers = PoolRoomLedger.held(others);
                check.accept(now, heldByOthers.dataBytes());
                // A full rewrite maps every chunk of its LV: a pool whose metadata fills goes read-only,
                // however much data room it has.
                Need allowed = Need.whole(dataBytes, now.chunkSizeBytes());
                metadataShortfall(
                                pool.toString(),
                                now,
                                allowed,
                                new Need(heldByOthers.dataBytes(), heldByOthers.metadataBytes()))
                        .ifPresent(lacking -> {
                            throw VirtTuneException.refused("Refusing to " + purpose + ": " + lacking);
                        });
                // Held at once: until lvs shows what the check allowed written, only this entry keeps
                // another copy from being granted the same room.
                entries.put(
                        mine,
                        held.holding(
                                Math.max(held.dataBytes(), allowed.dataBytes()),
                                Math.max(held.metadataBytes(), allowed.metadataBytes())));
                return null;
            });
        }

        @Override
        public void close() {
            ledger.underLock(pool.toString(), entries -> entries.remove(mine));
        }
    }

    /** What runs with a pool read under its lock: LVM's report, the pool in it, and the pool's entries in the ledger. */
    @FunctionalInterface
    private interface Locked<T> {
        T with(LvmReport host, LogicalVolume pool, Map<String, PoolRoomLedger.Entry> entries);
    }

    /** Room held by every virt-tune on the host, in {@code state}; a dry run's only in memory. */
    public ThinSpace(Lvm lvmReads, StateDirectory state) {
        this.lvmReads = lvmReads;
        this.ledger = state.poolRoom();
    }

    /** What copying {@code convert}'s image provisions in a pool of {@code chunkBytes} chunks. */
    static Need need(QemuImg qemuImg, ConvertImage convert, long chunkBytes) {
        return Need.of(qemuImg.map(convert.source(), convert.sourceFormat()), chunkBytes);
    }

    /**
     * Reserves what copying {@code convert}, its source mapped as {@code sourceMap}, provisions in
     * {@code pool}, of {@code chunkBytes} chunks (see {@link #reserve(Need, VolumeName, String, String, String)}).
     */
    public PoolReservation reserve(
            ConvertImage convert, AllocationMap sourceMap, VolumeName pool, long chunkBytes, String domain) {
        return reserve(
                Need.of(sourceMap, chunkBytes),
                pool,
                domain,
                "copy " + convert.source() + " of '" + domain + "' into " + convert.target(),
                MAPPED);
    }

    /**
     * The room of a live copy onto {@code create}'s LV: mirrored in full, a thin LV may provision all
     * of itself until the reclaim after the pivot; a linear LV needs none (a reservation of nothing).
     */
    public Reservation reserveLive(CreateVolume create, CopyLive copy, String domain, PoolReports pools) {
        if (!create.thin()) {
            return Reservation.NONE;
        }
        return reserve(
                Need.whole(create.sizeBytes(), pools.chunkOf(create)),
                create.pool(),
                domain,
                "copy disk " + copy.disk() + " of '" + domain + "' live onto " + copy.device(),
                "the whole LV, which the mirror may write before the reclaim after its pivot");
    }

    /**
     * Refuses {@code what}, changing nothing, unless the pool has {@code need} besides the room
     * every copy running on the host holds; else holds it until the reservation is closed.
     */
    PoolReservation reserve(Need need, VolumeName pool, String domain, String what, String basis) {
        String key = pool.toString();
        return reserve(
                need,
                pool,
                domain,
                what,
                (host, now, held) -> leftCalibration(key, pool, host)
                        .or(() -> shortfall(key, now, need, held, basis))
                        .map(lacking -> "Refusing to " + what + ": " + lacking));
    }

    /**
     * Holds {@code need} in {@code pool} for {@code what} until the reservation is closed, unless
     * {@code lacking} finds the pool short of it beside the room every copy running on the host holds:
     * refused then with its words, changing nothing.
     *
     * <p>The pool's usage is read under the pool's lock, for every reservation: a copy that closed its
     * reservation since an earlier read has its data in the pool's usage only, which that read would
     * count as free.
     */
    public PoolReservation reserve(Need need, VolumeName pool, String domain, String what, Lacking lacking) {
        String mine = PoolRoomLedger.nextKey();
        underLock(pool, (host, now, entries) -> {
            PoolRoomLedger.Room held = PoolRoomLedger.held(entries);
            Optional<String> refusal = lacking.in(host, now, new Need(held.dataBytes(), held.metadataBytes()));
            if (refusal.isPresent()) {
                throw VirtTuneException.refused(refusal.get());
            }
            entries.put(mine, PoolRoomLedger.Entry.ofThisProcess(domain, what, need.dataBytes(), need.metadataBytes()));
            return null;
        });
        return new PoolReservation(pool, mine);
    }

    /**
     * Runs {@code action} with LVM's report read fresh and the pool's entries in the ledger, under the
     * pool's lock: the one place a pool's usage is read beside the room the host's copies hold in it.
     * Read apart, a copy that gives its room back between the reads, its data written, would count in
     * neither, or in both.
     */
    private <T> T underLock(VolumeName pool, Locked<T> action) {
        String key = pool.toString();
        return ledger.underLock(key, entries -> {
            LvmReport host = lvmReads.report();
            LogicalVolume now = host.logicalVolume(pool.vg(), pool.lv())
                    .filter(LogicalVolume::isThinPool)
                    .orElseThrow(() -> VirtTuneException.failed("thin pool " + key + " vanished"));
            return action.with(host, now, entries);
        });
    }

    /**
     * A temporary LV a calibrate that no longer runs left in {@code pool}: a guest's mirror may still
     * write it up to its whole size (a SIGKILL ends no block job), which no reservation holds; empty
     * when there is none.
     */
    private static Optional<String> leftCalibration(String key, VolumeName pool, LvmReport lvm) {
        return CalibrationVolume.in(lvm).stream()
                .filter(left -> !ProcessTable.here().runs(left.maker()))
                .flatMap(left ->
                        lvm.logicalVolume(left.volume().vg(), left.volume().lv()).stream())
                .filter(left ->
                        left.vgName().equals(pool.vg()) && left.poolName().equals(Optional.of(pool.lv())))
                .findFirst()
                .map(left -> "thin pool " + key + " holds " + left.volumeName() + ", the temporary LV of a calibrate"
                        + " that no longer runs, which a guest's mirror may still write up to its "
                        + Bytes.format(left.sizeBytes()) + " (rule: thin-pool room); "
                        + CalibrationVolume.removal(pool.vg())
                        + ", then apply again");
    }

    /**
     * What the pool lacks for {@code need} beside {@code held}, with the numbers, how the need was
     * counted ({@code basis}) and what to do; empty when it has room.
     */
    public static Optional<String> shortfall(String key, LogicalVolume pool, Need need, Need held, String basis) {
        long dataFree = pool.freeDataBytes() - held.dataBytes();
        if (need.dataBytes() > dataFree) {
            String provisions = "it provisions " + mib(need.dataBytes()) + " in " + Bytes.format(pool.chunkSizeBytes())
                    + " chunks of thin pool " + key + " (" + basis + "), which ";
            if (pool.dataPercent().isEmpty()) {
                return Optional.of(
                        provisions + ThinPoolRoom.inactive(key) + ", then apply again (rule: thin-pool room)");
            }
            return Optional.of(provisions
                    + String.format(
                            Locale.ROOT,
                            "has %s free (%s, data %.2f%% used%s); a full pool stalls every thin LV in it, other"
                                    + " guests' included (rule: thin-pool room); extend the pool (lvextend -L +%s %s) or plan into"
                                    + " another one",
                            mib(Math.max(0, dataFree)),
                            mib(pool.sizeBytes()),
                            pool.dataPercent().orElse(0),
                            running(held.dataBytes()),
                            mib(need.dataBytes() - dataFree),
                            key));
        }
        return metadataShortfall(key, pool, need, held);
    }

    /** What the pool's metadata lacks to map {@code need} beside {@code held}, with the numbers and what to do; empty when it has room. */
    public static Optional<String> metadataShortfall(String key, LogicalVolume pool, Need need, Need held) {
        if (pool.metadataSizeBytes() > 0) {
            long metadataFree =
                    free(pool.metadataSizeBytes(), pool.metadataPercent().orElse(0)) - held.metadataBytes();
            if (need.metadataBytes() > metadataFree) {
                return Optional.of(String.format(
                        Locale.ROOT,
                        "mapping its %s takes about %s of metadata in thin pool %s,"
                                + " which has %s free (%s, metadata %.2f%% used%s); a pool whose metadata is full fails every thin LV"
                                + " in it (rule: thin-pool room); extend it (lvextend --poolmetadatasize +%s %s)",
                        mib(need.dataBytes()),
                        mib(need.metadataBytes()),
                        key,
                        mib(Math.max(0, metadataFree)),
                        mib(pool.metadataSizeBytes()),
                        pool.metadataPercent().orElse(0),
                        running(held.metadataBytes()),
                        mib(need.metadataBytes() - metadataFree),
                        key));
            }
        }
        return Optional.empty();
    }

    // lvs prints percentages to two decimals: count the half-hundredth it may have rounded away.
    private static long free(long size, double percentUsed) {
        return size - (long) Math.ceil(size * (percentUsed + 0.005) / 100);
    }

    /** What {@code heldBytes} the host's running copies hold adds to a refusal's numbers; nothing when they hold none. */
    public static String running(long heldBytes) {
        return heldBytes == 0 ? "" : ", besides " + mib(heldBytes) + " the copies running on this host now will write";
    }

    private static String mib(long bytes) {
        return (bytes + MIB - 1) / MIB + " MiB";
    }
}

package io.virttune.apply.journal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.virttune.inspect.GuestWriteRate;
import io.virttune.text.Bytes;
import io.virttune.text.Durations;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * What {@code virt-tune calibrate} measured on a VG (or a thin pool in it): a bounded direct-I/O
 * write and read of a temporary LV, and scattered 64 KiB writes over it, kept with its date for plan
 * to predict a host's first night and a busy guest's live copy by.
 *
 * @param vg the volume group measured
 * @param thinPool the thin pool the temporary LV was thin in; null for a linear one
 * @param device the temporary LV's device, as it was written and read
 * @param writtenBytes what the write moved
 * @param writeBytesPerSecond its pace, with direct I/O
 * @param readBytes what the read moved
 * @param readBytesPerSecond its pace, with direct I/O
 * @param scatteredWrittenBytes what the scattered 64 KiB writes moved; 0 in a calibration made before them
 * @param scatteredWriteBytesPerSecond their pace, with direct I/O; 0 in a calibration made before them
 * @param measuredAt when the measurement ended, UTC
 * @param mirror the block copy {@code calibrate --mirror} ran from a guest's disk onto a temporary LV
 *     here; null in a calibration made without one, or before calibrate could
 */
public record Calibration(
        String vg,
        String thinPool,
        String device,
        long writtenBytes,
        long writeBytesPerSecond,
        long readBytes,
        long readBytesPerSecond,
        long scatteredWrittenBytes,
        long scatteredWriteBytesPerSecond,
        String measuredAt,
        Mirror mirror) {

    /**
     * A guest's mirror timed into the calibrated VG or pool, in that guest's own QEMU, which bounds a
     * live copy's pace as no write of calibrate's own does.
     *
     * @param domain the running domain whose disk was mirrored
     * @param disk its target (vda, sdb, ...)
     * @param bytes what the block job progressed from its start until it was aborted
     * @param bytesPerSecond that over the job's time
     * @param guestWrites what the guest wrote to the disk meanwhile (libvirt's block stats at the job's
     *     start and end); null where they could not be read, or in a calibration made before calibrate
     *     read them
     */
    public record Mirror(String domain, String disk, long bytes, long bytesPerSecond, GuestWriteRate guestWrites) {
        public Mirror {
            if (bytesPerSecond <= 0) {
                throw new IllegalArgumentException("a measured pace is positive: mirror " + bytesPerSecond);
            }
        }

        /**
         * Whether its guest wrote as a busy guest does ({@link GuestWriteRate#BUSY_FLOOR} times a second
         * or more): then its pace is a busy copy's first pass, slowed by the guest's load, and no idle
         * copy's.
         */
        @JsonIgnore
        public boolean guestBusy() {
            return guestWrites != null && guestWrites.writesPerSecond() >= GuestWriteRate.BUSY_FLOOR;
        }

        /** How long it was timed over, whole seconds, as the basis says it. */
        public long seconds() {
            return Math.round((double) bytes / bytesPerSecond);
        }
    }

    public Calibration {
        if (writeBytesPerSecond <= 0 || readBytesPerSecond <= 0) {
            throw new IllegalArgumentException(
                    "a measured pace is positive: write " + writeBytesPerSecond + ", read " + readBytesPerSecond);
        }
    }

    /**
     * The pace a copy and its verify go at together, as apply times them: the copy writes each byte
     * to the VG once, the verify reads it back once, one after the other, so their times add up
     * (1/rate = 1/write + 1/read). The source's reads, on another device, are not measured here.
     */
    @JsonIgnore
    public long copyBytesPerSecond() {
        return Math.max(1, (long) (1 / (1.0 / writeBytesPerSecond + 1.0 / readBytesPerSecond)));
    }

    /**
     * Where the pace of scattered 64 KiB writes comes from, as plan prints it; empty where this
     * calibration was made before calibrate measured them.
     */
    @JsonIgnore
    public Optional<String> scatteredBasis() {
        return scatteredWriteBytesPerSecond > 0
                ? Optional.of("the scattered 64 KiB writes of the calibration of " + target() + " at " + measuredAt)
                : Optional.empty();
    }

    /** The same passes, with the guest's mirror timed after them, at {@code mirroredAt}. */
    public Calibration withMirror(Mirror timed, String mirroredAt) {
        return new Calibration(
                vg,
                thinPool,
                device,
                writtenBytes,
                writeBytesPerSecond,
                readBytes,
                readBytesPerSecond,
                scatteredWrittenBytes,
                scatteredWriteBytesPerSecond,
                mirroredAt,
                timed);
    }

    /**
     * The guest's mirror calibrate timed, where its guest wrote as a busy one does ({@code busy}) or
     * not; empty where it timed none, or the other kind.
     */
    @JsonIgnore
    public Optional<Mirror> timedMirror(boolean busy) {
        return Optional.ofNullable(mirror).filter(timed -> timed.guestBusy() == busy);
    }

    /**
     * Where the pace of a host's first live copy comes from, as plan prints it: the guest's mirror
     * calibrate timed; empty where it timed none.
     */
    @JsonIgnore
    public Optional<String> mirrorBasis() {
        return Optional.ofNullable(mirror)
                .map(timed -> "the mirror of " + timed.domain() + "'s " + timed.disk() + " calibrate measured on "
                        + measuredAt + " over " + timed.seconds() + " s"
                        + (timed.guestWrites() == null
                                ? ""
                                : String.format(
                                        Locale.ROOT,
                                        ", its guest writing %.0f times a second (%s/s)",
                                        timed.guestWrites().writesPerSecond(),
                                        Bytes.format(timed.guestWrites().bytesPerSecond()))));
    }

    /** Where it was measured, as lvm names it: {@code vg} or {@code vg/pool}. */
    @JsonIgnore
    public String target() {
        return thinPool == null ? vg : vg + "/" + thinPool;
    }

    /** How long before {@code now} it was measured; never negative (a clock set back). */
    public Duration ageAt(Instant now) {
        Duration age = Duration.between(Instant.parse(measuredAt), now);
        return age.isNegative() ? Duration.ZERO : age;
    }

    /** The basis plan prints for a prediction made from it, with its age at {@code now}. */
    public String basisAt(Instant now) {
        return "the calibration of " + (thinPool == null ? "VG " : "thin pool ") + target() + " at " + measuredAt
                + ", " + age(ageAt(now)) + " ago (write " + Bytes.format(writeBytesPerSecond)
                + "/s, read " + Bytes.format(readBytesPerSecond) + "/s; no copy journaled on this host yet)";
    }

    /** An age as an operator judges a measurement by: in days once it is one, else to the minute. */
    private static String age(Duration age) {
        long days = age.toDays();
        return days >= 1 ? days + (days == 1 ? " day" : " days") : Durations.format(age.getSeconds());
    }
}

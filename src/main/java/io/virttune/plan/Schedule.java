package io.virttune.plan;

import io.virttune.inspect.GuestWriteRate;
import java.util.List;
import java.util.Optional;

/**
 * What a plan's moves are predicted to take at a copy rate: the downtime of each guest that goes
 * down to move and the maintenance windows they fit in, the copy of each guest moved live, and the
 * host's night in all.
 *
 * @param copyBytesPerSecond the rate each copy is predicted at, its verify included, unless its own
 *     cap ({@code --bandwidth}) is lower
 * @param rateBasis where that rate comes from, for the operator to judge the predictions by
 * @param rateSource the kind of that source, for a script: see {@link CopyRate#source()}
 * @param calibration the calibration the rate was measured by, when it is the source; else null
 * @param busyPaces the paces a busy guest's live copy is predicted at, each
 *     with its source; null in a plan written before them
 * @param windowSeconds the length of a window ({@code plan --window}); 0 when none was given, and
 *     then every guest is in window 1
 * @param windows the windows in order, each with the guests it moves
 * @param live the guests moved while they run, in plan order
 * @param host the host's predictions together
 */
public record Schedule(
        long copyBytesPerSecond,
        String rateBasis,
        String rateSource,
        Calibrated calibration,
        BusyPaces busyPaces,
        long windowSeconds,
        List<Window> windows,
        List<LiveGuest> live,
        HostTotals host) {

    public Schedule {
        windows = List.copyOf(windows);
        live = live == null ? List.of() : List.copyOf(live);
    }

    /**
     * What {@code virt-tune calibrate} measured on the plan's VG or thin pool, with its age when planned.
     *
     * @param thinPool null for a linear calibration of the VG
     * @param measuredAt when it was measured, UTC
     * @param ageSeconds how long before the plan
     */
    public record Calibrated(
            String vg,
            String thinPool,
            long writeBytesPerSecond,
            long readBytesPerSecond,
            String measuredAt,
            long ageSeconds) {}

    /**
     * One window's guests, moved one after another.
     *
     * @param number 1 for tonight's, 2 for the next, ...
     * @param seconds the predicted downtime of its guests together
     */
    public record Window(int number, long seconds, List<Slot> domains) {
        public Window {
            domains = List.copyOf(domains);
        }

        /** What the window's copies read and write together. */
        public long dataBytes() {
            return domains.stream().mapToLong(Slot::dataBytes).sum();
        }
    }

    /**
     * One guest's place in a window.
     *
     * @param domain the domain's name
     * @param dataBytes what its copies read and write: the allocated data of its images
     * @param seconds its predicted downtime: its copies and their verify, one after another
     * @param disks each copy with its verify, in the order apply runs them
     */
    public record Slot(String domain, long dataBytes, long seconds, List<DiskTime> disks) {
        public Slot {
            disks = disks == null ? List.of() : List.copyOf(disks);
        }
    }

    /**
     * One disk's predicted copy: offline, the copy and its verify together (the pace they are
     * measured at); live, the block copy while the guest runs.
     *
     * @param disk the disk's target in the definition the plan starts from
     * @param dataBytes the allocated data of its image's whole chain
     * @param writtenBytes what the copy writes to the LV: offline its data (the zeros skipped), live
     *     what the mirror writes ({@link CopyTimes#mirrorWrites})
     * @param seconds the predicted time
     * @param basis the rate it is predicted at and why that one
     * @param capped whether its caps ({@code --bandwidth}), not the copy rate, decide its time
     * @param guestWrites a live copy's guest's writes as plan sampled them, which its mirror copies
     *     again; null offline, or where they were not sampled
     * @param synchronousWrites a live copy made with synchronous writes from its start: planned so
     *     ({@code --synchronous-writes}), or because its guest is predicted to outpace a background
     *     copy, which apply would give up and make again so; false offline
     */
    public record DiskTime(
            String disk,
            long dataBytes,
            long writtenBytes,
            long seconds,
            String basis,
            boolean capped,
            GuestWriteRate guestWrites,
            boolean synchronousWrites) {}

    /**
     * A guest moved while it runs: its disks copied one after another, then a pause for each switch.
     *
     * @param pauseSeconds the part of its pauses {@code --verify-paused}'s compares take, from the
     *     data they read; 0 without them
     * @param switchMillis the rest of its pauses, each switch's, from this host's earlier switches;
     *     0 when none was journaled, and that part is then unknown
     * @param pauseBasis what the pause rests on, and what of it is not known
     */
    public record LiveGuest(
            String domain,
            long dataBytes,
            long copySeconds,
            long pauseSeconds,
            long switchMillis,
            String pauseBasis,
            List<DiskTime> disks) {
        public LiveGuest {
            disks = List.copyOf(disks);
        }
    }

    /**
     * The host's predictions together.
     *
     * @param guestsDown how many guests go down to move
     * @param downSeconds their downtime together, one guest after another
     * @param downDataBytes what their copies read and write
     * @param guestsLive how many guests move while they run
     * @param liveCopySeconds their copies together, one after another
     * @param liveDataBytes the allocated data of their images, which the mirrors read
     * @param liveWrittenBytes what their mirrors write into the LVs, zeros included where they write
     *     them: the sum of their disks' {@link DiskTime#writtenBytes}, what their copies are predicted by
     */
    public record HostTotals(
            int guestsDown,
            long downSeconds,
            long downDataBytes,
            int guestsLive,
            long liveCopySeconds,
            long liveDataBytes,
            long liveWrittenBytes) {}

    /** Window {@code number}, if the schedule has one. */
    public Optional<Window> window(int number) {
        return windows.stream().filter(w -> w.number() == number).findFirst();
    }

    /** The writes plan sampled of disk {@code disk} of {@code domain}, if it moves live and was sampled. */
    public Optional<GuestWriteRate> sampledWrites(String domain, String disk) {
        return live.stream()
                .filter(guest -> guest.domain().equals(domain))
                .flatMap(guest -> guest.disks().stream())
                .filter(time -> time.disk().equals(disk) && time.guestWrites() != null)
                .map(DiskTime::guestWrites)
                .findFirst();
    }

    /** The slot of {@code domain}, if it goes down to move. */
    public Optional<Slot> slot(String domain) {
        return windows.stream()
                .flatMap(w -> w.domains().stream())
                .filter(slot -> slot.domain().equals(domain))
                .findFirst();
    }
}

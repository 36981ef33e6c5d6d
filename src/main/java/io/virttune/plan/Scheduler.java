package io.virttune.plan;

import io.virttune.inspect.GuestWrites;
import io.virttune.inspect.HostFacts;
import io.virttune.text.Bytes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Predicts each copy's time, each shut-off guest's downtime and each live guest's copy and pause,
 * and orders the guests that go down into windows.
 */
public final class Scheduler {
    private static final String SWITCH = "each switch: the catch-up of what the guest wrote since its copy was last in"
            + " sync, which its writes decide (not known here; given up after 10s, the guest resumed on its source),"
            + " then the pivot (62 to 334 ms in the lab, docs/benchmarks.md; no earlier switch journaled on this host):"
            + " unknown";

    private final CopyRate rate;
    private final MirrorPace mirror;
    private final BusyPaces busy;
    private final SwitchPause switchPause;
    private final long copyBytesPerSecond;
    private final Duration window;
    private final boolean backgroundFirst;

    /**
     * @param rate the rate a copy and its verify run at on this host, and where it comes from
     * @param mirror the pace a live copy's mirror writes at on this host, where it was measured
     * @param busy the paces a busy guest's live copy goes at after its first pass, where they were measured
     * @param switchPause what each live switch pauses its guest for on this host, where it was measured
     * @param window each window's length; {@link Duration#ZERO} for predictions only
     */
    public Scheduler(CopyRate rate, MirrorPace mirror, BusyPaces busy, SwitchPause switchPause, Duration window) {
        this(rate, mirror, busy, switchPause, window, false);
    }

    private Scheduler(
            CopyRate rate,
            MirrorPace mirror,
            BusyPaces busy,
            SwitchPause switchPause,
            Duration window,
            boolean backgroundFirst) {
        this.rate = rate;
        this.mirror = mirror;
        this.busy = busy;
        this.switchPause = switchPause;
        this.copyBytesPerSecond = rate.bytesPerSecond();
        this.window = window;
        this.backgroundFirst = backgroundFirst;
    }

    /**
     * This scheduler, a live copy its guest is predicted to outpace started in the background all the
     * same ({@code plan --background-first}), given up and made again with synchronous writes as apply
     * does; by default it is predicted, and planned ({@link OutpacedCopies}), with synchronous writes
     * from its start.
     */
    public Scheduler backgroundFirst() {
        return new Scheduler(rate, mirror, busy, switchPause, window, true);
    }

    /**
     * The schedule of {@code plan}'s moves, {@code facts} the host's it was planned from. The guests
     * that go down to move (offline copies): the longest first, each into the first window with room
     * left, a new window opened when none has (first fit decreasing); a guest longer than a window
     * gets one of its own. Live moves keep their guests running and are predicted, not scheduled:
     * each live copy's mirror also copies again what its guest {@code writes}.
     */
    public Schedule schedule(Plan plan, HostFacts facts, GuestWrites writes) {
        CopyTimes times =
                new CopyTimes(copyBytesPerSecond, mirror, busy, plan.target(), facts, writes, backgroundFirst);
        List<Schedule.Slot> slots = plan.domains().stream()
                .filter(domain -> domain.steps().stream().anyMatch(step -> step instanceof ConvertImage))
                .map(domain -> slot(domain.name(), times.offline(domain)))
                .sorted(Comparator.comparingLong(Schedule.Slot::seconds).reversed())
                .toList();
        List<Schedule.LiveGuest> live = plan.domains().stream()
                .filter(domain -> domain.steps().stream().anyMatch(step -> step instanceof CopyLive))
                .map(domain -> liveGuest(domain, times.live(domain)))
                .toList();
        List<Schedule.Window> windows = windows(slots);
        Schedule.HostTotals host = new Schedule.HostTotals(
                slots.size(),
                windows.stream().mapToLong(Schedule.Window::seconds).sum(),
                windows.stream().mapToLong(Schedule.Window::dataBytes).sum(),
                live.size(),
                live.stream().mapToLong(Schedule.LiveGuest::copySeconds).sum(),
                live.stream().mapToLong(Schedule.LiveGuest::dataBytes).sum(),
                live.stream()
                        .flatMap(guest -> guest.disks().stream())
                        .mapToLong(Schedule.DiskTime::writtenBytes)
                        .sum());
        return new Schedule(
                copyBytesPerSecond,
                rate.basis(),
                rate.source(),
                rate.calibration(),
                busy,
                window.getSeconds(),
                windows,
                live,
                host);
    }

    private List<Schedule.Window> windows(List<Schedule.Slot> slots) {
        long length = window.getSeconds();
        List<List<Schedule.Slot>> windows = new ArrayList<>();
        List<Long> used = new ArrayList<>();
        for (Schedule.Slot slot : slots) {
            int fits = -1;
            for (int i = 0; i < windows.size() && fits < 0; i++) {
                if (length == 0 || used.get(i) + slot.seconds() <= length) {
                    fits = i;
                }
            }
            if (fits < 0) {
                windows.add(new ArrayList<>());
                used.add(0L);
                fits = windows.size() - 1;
            }
            windows.get(fits).add(slot);
            used.set(fits, used.get(fits) + slot.seconds());
        }
        List<Schedule.Window> numbered = new ArrayList<>();
        for (int i = 0; i < windows.size(); i++) {
            numbered.add(new Schedule.Window(i + 1, used.get(i), windows.get(i)));
        }
        return numbered;
    }

    private static Schedule.Slot slot(String domain, List<Schedule.DiskTime> disks) {
        return new Schedule.Slot(
                domain,
                disks.stream().mapToLong(Schedule.DiskTime::dataBytes).sum(),
                disks.stream().mapToLong(Schedule.DiskTime::seconds).sum(),
                disks);
    }

    /**
     * A live guest's copies and its pauses. The pause is a switch per disk: a catch-up of what the
     * guest wrote since its copy was last in sync, the pivot and the switch's own work, predicted by
     * this host's earlier switches where it has some; and {@code --verify-paused}'s compare, a read
     * of the disk's data, at the rate a verify goes.
     */
    private Schedule.LiveGuest liveGuest(DomainPlan domain, List<Schedule.DiskTime> disks) {
        List<CopyLive> copies = domain.steps().stream()
                .filter(step -> step instanceof CopyLive)
                .map(step -> (CopyLive) step)
                .toList();
        long compared = 0;
        for (int i = 0; i < copies.size(); i++) {
            compared += copies.get(i).verifyPaused() ? disks.get(i).dataBytes() : 0;
        }
        String basis = switchPause.measured()
                ? "each switch " + switchPause.millis() + " ms, " + switchPause.basis()
                        + " (its catch-up, pivot and the switch's own work; a paused compare apart)"
                : SWITCH;
        if (compared > 0) {
            basis = "the paused compare of " + Bytes.format(compared) + " at " + Bytes.format(copyBytesPerSecond)
                    + "/s, the pace of a copy and its verify (the compare reads each side once); and " + basis;
        }
        return new Schedule.LiveGuest(
                domain.name(),
                disks.stream().mapToLong(Schedule.DiskTime::dataBytes).sum(),
                disks.stream().mapToLong(Schedule.DiskTime::seconds).sum(),
                (long) Math.ceil((double) compared / copyBytesPerSecond),
                switchPause.millis() * copies.size(),
                basis,
                disks);
    }
}

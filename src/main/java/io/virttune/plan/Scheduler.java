package io.virttune.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Predicts each shut-off guest's downtime from its copies and orders the guests into windows. */
public final class Scheduler {
    private final long copyBytesPerSecond;
    private final String rateBasis;
    private final Duration window;

    /**
     * @param copyBytesPerSecond the rate a copy and its verify run at on this host
     * @param rateBasis where that rate comes from
     * @param window each window's length; {@link Duration#ZERO} for predictions only
     */
    public Scheduler(long copyBytesPerSecond, String rateBasis, Duration window) {
        if (copyBytesPerSecond <= 0) {
            throw new IllegalArgumentException("a copy rate is positive: " + copyBytesPerSecond);
        }
        this.copyBytesPerSecond = copyBytesPerSecond;
        this.rateBasis = rateBasis;
        this.window = window;
    }

    /**
     * The schedule of {@code plan}'s guests that go down to move (offline copies): the longest first,
     * each into the first window with room left, a new window opened when none has (first fit
     * decreasing); a guest longer than a window gets one of its own. Live moves keep their guests
     * running and are not scheduled.
     */
    public Schedule schedule(Plan plan) {
        List<Schedule.Slot> slots = plan.domains().stream()
                .filter(domain -> domain.steps().stream().anyMatch(step -> step instanceof ConvertImage))
                .map(this::slot)
                .sorted(Comparator.comparingLong(Schedule.Slot::seconds).reversed())
                .toList();
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
        return new Schedule(copyBytesPerSecond, rateBasis, length, numbered);
    }

    private Schedule.Slot slot(DomainPlan domain) {
        long bytes = 0;
        double seconds = 0;
        for (Step step : domain.steps()) {
            if (step instanceof ConvertImage copy) {
                long cap = copy.bandwidthBytesPerSecond();
                long rate = cap > 0 ? Math.min(cap, copyBytesPerSecond) : copyBytesPerSecond;
                bytes += copy.allocatedBytes();
                seconds += (double) copy.allocatedBytes() / rate;
            }
        }
        return new Schedule.Slot(domain.name(), bytes, (long) Math.ceil(seconds));
    }
}

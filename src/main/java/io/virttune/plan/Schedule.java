package io.virttune.plan;

import java.util.List;
import java.util.Optional;

/**
 * When a plan's shut-off guests can be moved: each one's predicted downtime at a copy rate, and the
 * maintenance windows they fit in.
 *
 * @param copyBytesPerSecond the rate each copy is predicted at, its verify included, unless its own
 *     cap ({@code --bandwidth}) is lower
 * @param rateBasis where that rate comes from, for the operator to judge the predictions by
 * @param windowSeconds the length of a window ({@code plan --window}); 0 when none was given, and
 *     then every guest is in window 1
 * @param windows the windows in order, each with the guests it moves
 */
public record Schedule(long copyBytesPerSecond, String rateBasis, long windowSeconds, List<Window> windows) {

    public Schedule {
        windows = List.copyOf(windows);
    }

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
    }

    /**
     * One guest's place in a window.
     *
     * @param domain the domain's name
     * @param dataBytes what its copies read and write: the allocated data of its images
     * @param seconds its predicted downtime: its copies and their verify, one after another
     */
    public record Slot(String domain, long dataBytes, long seconds) {}

    /** Window {@code number}, if the schedule has one. */
    public Optional<Window> window(int number) {
        return windows.stream().filter(w -> w.number() == number).findFirst();
    }
}

package io.virttune.qemu;

import io.virttune.qemu.AllocationMap.Extent;
import io.virttune.text.ByteProgress;
import java.util.HashMap;
import java.util.Map;
import java.util.function.DoubleConsumer;

/** The bytes a verify's windows compared at once have read, together, of all of theirs. */
final class WindowsProgress {
    private final ByteProgress progress;
    private final long total;
    private final Map<Long, Long> doneByStart = new HashMap<>();
    private long done;

    WindowsProgress(ByteProgress progress, long total) {
        this.progress = progress;
        this.total = total;
    }

    /** Where {@code window}'s compare draws its percentages. */
    DoubleConsumer of(Extent window) {
        return percent -> read(window.start(), Math.round(Math.max(0, Math.min(100, percent)) / 100 * window.length()));
    }

    // One report at a time, in the order of the sums: the meter behind never sees the bytes go back.
    private synchronized void read(long windowStart, long bytes) {
        Long before = doneByStart.put(windowStart, bytes);
        done += bytes - (before == null ? 0 : before);
        progress.bytes(done, total);
    }
}

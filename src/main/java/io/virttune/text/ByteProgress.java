package io.virttune.text;

import java.util.function.DoubleConsumer;

/** Where a task that reads or writes in parts reports how many of its bytes are done. */
@FunctionalInterface
public interface ByteProgress {
    /** {@code done} of {@code total} bytes. */
    void bytes(long done, long total);

    /**
     * The percentages of one part of the task, {@code length} bytes after the {@code before} done
     * ahead of it, as bytes of the whole task's {@code total}: a task of several qemu-img runs
     * counts on over them instead of starting again at each.
     */
    default DoubleConsumer part(long before, long length, long total) {
        return percent -> bytes(before + Math.round(Math.max(0, Math.min(100, percent)) / 100 * length), total);
    }
}

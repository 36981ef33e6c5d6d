package io.virttune.qemu;

import io.virttune.text.ProgressMeter;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The verdict of {@code qemu-img compare}, with qemu-img's own words (e.g. the first differing offset).
 *
 * @param readInFullBecause why a compare meant to read only part of a thin LV read all of it
 */
public record Comparison(boolean identical, String detail, Optional<String> readInFullBecause) {
    public Comparison(boolean identical, String detail) {
        this(identical, detail, Optional.empty());
    }

    /**
     * The verdict of {@code compare}, which {@code meter} follows: ended as done when identical, as
     * failed when it could not compare; after a difference it is the caller's to end, as only the
     * caller knows whether the copy is made again.
     */
    public static Comparison metered(ProgressMeter meter, Supplier<Comparison> compare) {
        Comparison result;
        try {
            result = compare.get();
        } catch (RuntimeException e) {
            meter.failed();
            throw e;
        }
        if (result.identical()) {
            meter.done();
        }
        return result;
    }
}

package io.virttune.qemu;

import java.util.Optional;

/**
 * The verdict of {@code qemu-img compare}, with qemu-img's own words (e.g. the first differing offset).
 *
 * @param readInFullBecause why a compare meant to read only part of a thin LV read all of it
 */
public record Comparison(boolean identical, String detail, Optional<String> readInFullBecause) {
    public Comparison(boolean identical, String detail) {
        this(identical, detail, Optional.empty());
    }
}

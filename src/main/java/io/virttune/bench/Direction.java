package io.virttune.bench;

import java.util.Locale;

/** Read or write: the two halves of every fio job's report. */
public enum Direction {
    READ,
    WRITE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

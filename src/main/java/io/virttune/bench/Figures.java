package io.virttune.bench;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * How bench prints measured values: whole numbers with thousands separators, one decimal below
 * 100; latencies in milliseconds with three significant digits; times to the second, in UTC.
 */
public final class Figures {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private Figures() {}

    public static String format(double value) {
        return Math.abs(value) >= 100
                ? String.format(Locale.ROOT, "%,.0f", value)
                : String.format(Locale.ROOT, "%.1f", value);
    }

    /** A latency given in microseconds, in milliseconds: {@code 0.052}, {@code 1.25}, {@code 28.4}, {@code 1,234}. */
    public static String milliseconds(double micros) {
        double ms = micros / 1000;
        double magnitude = Math.abs(ms);
        if (magnitude >= 100 || magnitude == 0) {
            return String.format(Locale.ROOT, "%,.0f", ms);
        }
        int decimals = magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
        return String.format(Locale.ROOT, "%." + decimals + "f", ms);
    }

    /** A stored ISO-8601 instant to the second: {@code 2026-11-30T00:44:59.876185343Z} is {@code 2026-11-30 00:44:59 UTC}. */
    public static String time(String instant) {
        return TIME.format(Instant.parse(instant).truncatedTo(ChronoUnit.SECONDS));
    }
}

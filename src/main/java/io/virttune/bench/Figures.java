package io.virttune.bench;

import java.util.Locale;

/** How bench prints measured values: whole numbers with thousands separators, one decimal below 100. */
public final class Figures {
  private Figures() {}

  public static String format(double value) {
    return Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%,.0f", value)
        : String.format(Locale.ROOT, "%.1f", value);
  }
}

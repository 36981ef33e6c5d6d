package io.virttune.bench;

/** One metric before and after; {@code lowerIsBetter} for latencies, so a gain is always told from a loss. */
public record Change(double before, double after, boolean lowerIsBetter) {

  /** The relative change in percent (+58 means 1.58 times); NaN when before is zero. */
  public double percent() {
    return before == 0 ? Double.NaN : (after - before) / before * 100;
  }

  /** after / before; NaN when before is zero. */
  public double ratio() {
    return before == 0 ? Double.NaN : after / before;
  }

  /** True when after is worse than before by at least half a percent (what rounds to a visible -1%). */
  public boolean isLoss() {
    double percent = percent();
    return !Double.isNaN(percent) && (lowerIsBetter ? percent >= 0.5 : percent <= -0.5);
  }
}

package io.virttune.apply.ports;

/** How applying one domain's plan ended, with a line for the final table. */
public record DomainResult(String domain, Result result, String detail) {

  /** The end states, from best to worst. */
  public enum Result {
    DONE,
    WOULD_RUN,
    ALREADY_DONE,
    NOTHING_TO_DO,
    REFUSED,
    FAILED;

    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
  }
}

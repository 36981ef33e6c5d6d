package io.virttune;

/**
 * The one exception type virt-tune raises on purpose: a message written for an operator (what,
 * which domain or disk, why, what to do) and the exit code it maps to.
 */
public class VirtTuneException extends RuntimeException {
  private final ExitCode exitCode;

  public VirtTuneException(ExitCode exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  public VirtTuneException(ExitCode exitCode, String message, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  public static VirtTuneException failed(String message) {
    return new VirtTuneException(ExitCode.FAILED, message);
  }

  public static VirtTuneException failed(String message, Throwable cause) {
    return new VirtTuneException(ExitCode.FAILED, message, cause);
  }

  public static VirtTuneException refused(String message) {
    return new VirtTuneException(ExitCode.REFUSED, message);
  }

  public static VirtTuneException usage(String message) {
    return new VirtTuneException(ExitCode.USAGE, message);
  }

  public ExitCode exitCode() {
    return exitCode;
  }
}

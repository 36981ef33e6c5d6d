package io.virttune.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the virt-tune command line through {@link Main}: exit code and both outputs. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = new Main(new PrintWriter(out), new PrintWriter(err)).run(args);
    return new CliRun(exitCode, out.toString(), err.toString());
  }

  /** For assertion messages: everything the run printed. */
  String transcript() {
    return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
  }
}

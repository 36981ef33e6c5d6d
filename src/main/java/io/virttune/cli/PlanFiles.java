package io.virttune.cli;

import io.virttune.IoErrors;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a plan file named on the command line; one that cannot be read is a usage error. */
final class PlanFiles {
  private PlanFiles() {}

  static Plan read(Path file) {
    return PlanJson.read(text(file), file.toString());
  }

  /** The plan file's text: apply looks at its schema (one host's plan, or a fleet's) first. */
  static String text(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw IoErrors.usage("read the plan", file, e);
    }
  }
}

package io.virttune.process;

import java.util.List;

/**
 * The one door through which virt-tune runs external commands: an argv in (never a shell string),
 * a {@link ProcessResult} out. A missing program yields exit code {@link ProcessResult#NOT_FOUND}.
 */
public interface ProcessRunner {
  ProcessResult run(List<String> argv);
}

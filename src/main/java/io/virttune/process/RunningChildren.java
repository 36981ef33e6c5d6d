package io.virttune.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The commands this JVM started and has not yet seen end, so they can be listed and stopped with
 * it. One registry per JVM, as the shutdown hook that stops them on SIGTERM or SIGINT is.
 */
public final class RunningChildren {
  /** What the shutdown hook gives a child to stop cleanly on SIGTERM before it sends SIGKILL. */
  static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(5);

  private static final Map<Process, List<String>> RUNNING = new ConcurrentHashMap<>();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stopAll(SHUTDOWN_GRACE), "stop-child-processes"));
  }

  private RunningChildren() {}

  /** One running command: its pid and the argv virt-tune gave it. */
  public record Child(long pid, List<String> argv) {}

  static void started(Process process, List<String> argv) {
    RUNNING.put(process, List.copyOf(argv));
  }

  static void ended(Process process) {
    RUNNING.remove(process);
  }

  /** The commands running now, oldest pid first. */
  public static List<Child> list() {
    List<Child> children = new ArrayList<>();
    RUNNING.forEach((process, argv) -> children.add(new Child(process.pid(), argv)));
    children.sort((a, b) -> Long.compare(a.pid(), b.pid()));
    return children;
  }

  /**
   * Sends every running command SIGTERM (qemu-img stops between requests), waits up to {@code
   * grace} for all of them, then sends SIGKILL to those left.
   */
  public static void stopAll(Duration grace) {
    List<Process> processes = List.copyOf(RUNNING.keySet());
    // Signalled through their handles: Process.destroy() also closes the pipes, and a command
    // stopping cleanly would lose its last output and its runner fail with "Stream closed".
    processes.forEach(process -> process.toHandle().destroy());
    long deadline = System.nanoTime() + grace.toNanos();
    for (Process process : processes) {
      try {
        if (!process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
          process.toHandle().destroyForcibly();
        }
      } catch (InterruptedException e) {
        process.toHandle().destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}

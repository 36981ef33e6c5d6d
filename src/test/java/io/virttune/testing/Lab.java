package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** For tests that run inside the lab (scripts/lab run): the guard, and running commands there. */
public final class Lab {
  private Lab() {}

  /** Fails, loudly, a lab test started anywhere but inside the lab. */
  public static void require() {
    if (!"1".equals(System.getenv("VTLAB"))) {
      fail("this test needs the lab's real device-mapper and libvirtd: run it through scripts/test.sh"
          + " (scripts/lab run ... -Dit.test='*LabIT'), not on the host");
    }
  }

  /** Runs a command, fails the test if it fails, and returns its stdout. */
  public static String sh(String... argv) {
    try {
      Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
      process.getOutputStream().close();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int code = process.waitFor();
      assertEquals(0, code, () -> String.join(" ", argv) + " failed:\n" + output);
      return output;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public static List<String> lines(String text) {
    return text.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
  }
}

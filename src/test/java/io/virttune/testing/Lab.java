package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.process.LocalProcessRunner;
import java.util.Arrays;
import java.util.List;

/**
 * The lab (scripts/lab run, see docs/lab.md) as lab tests see it: they fail, never skip, outside
 * it, and find their disks by the names given to {@code --disk}.
 */
public final class Lab {
  /** How scripts/test.sh starts the lab tests; the failure message tells a developer to do the same. */
  public static final String RUN = "scripts/lab run --disk pv0:8G --disk pv1:8G --disk pv2:8G --disk pv3:12G --disk pv4:2G"
      + " --libvirtd -- "
      + "mvn -o -B -q failsafe:integration-test failsafe:verify -Dit.test='*LabIT'";

  private Lab() {}

  /** Fails the calling test unless it runs inside the lab, where it may create VGs on real disks. */
  public static void require() {
    if (!"1".equals(System.getenv("VTLAB"))) {
      fail("this lab test needs a real device-mapper kernel and runs only inside the lab "
          + "(VTLAB=1); scripts/test.sh runs it, or by hand: " + RUN);
    }
  }

  /** The device of the lab disk given as {@code --disk NAME:SIZE}, e.g. {@code /dev/ubdb} for pv1. */
  public static String disk(String name) {
    require();
    String disks = System.getenv().getOrDefault("VTLAB_DISKS", "");
    return Arrays.stream(disks.split(" "))
        .filter(entry -> entry.startsWith(name + "="))
        .map(entry -> entry.substring(name.length() + 1))
        .findFirst()
        .orElseGet(() -> fail("the lab has no disk " + name + " (VTLAB_DISKS=\"" + disks
            + "\"); start it as: " + RUN));
  }

  /** Runs a command of the test's own set-up inside the lab, failing the test if it fails. */
  public static String sh(String... argv) {
    return new LocalProcessRunner().run(List.of(argv)).requireSuccess().stdout();
  }
}

package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/virt-tune's class-data archive, on a copy of the checkout's launcher and jar: written by
 * the first run, used by the next, rewritten after a build, and never a word on stderr or a
 * changed exit status, whatever state the archive is in.
 */
class LauncherArchiveIT {
  @TempDir Path checkout;

  private Path jar;
  private Path archive;

  @BeforeEach
  void copyTheLauncherAndTheJar() throws IOException {
    Files.createDirectories(checkout.resolve("scripts"));
    Files.createDirectories(checkout.resolve("target"));
    Files.copy(Path.of("scripts/virt-tune"), checkout.resolve("scripts/virt-tune"));
    jar = Files.copy(Path.of("target/virt-tune.jar"), checkout.resolve("target/virt-tune.jar"));
    archive = checkout.resolve("target/virt-tune.jsa");
  }

  @Test
  void theFirstRunWritesTheArchiveAndTheNextOneUsesIt() throws Exception {
    Run first = run("--version");
    assertTrue(Files.size(archive) > 0, "no archive after the first run");
    FileTime written = Files.getLastModifiedTime(archive);

    Run second = run("--version");

    assertEquals(first, second);
    assertTrue(second.out().startsWith("virt-tune "), second.out());
    assertEquals(written, Files.getLastModifiedTime(archive), "a fresh archive was written again");
  }

  @Test
  void aJarNewerThanTheArchiveHasItWrittenAgain() throws Exception {
    run("--version");
    Files.setLastModifiedTime(archive, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));

    Run run = run("--version");

    assertEquals(0, run.status());
    assertTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) >= 0);
  }

  @Test
  void anArchiveThatDoesNotMatchTheJarIsIgnoredSilently() throws Exception {
    run("--version");
    // Another build's jar under the same name, with the archive still looking newer.
    Files.write(jar, Files.readAllBytes(jar), java.nio.file.StandardOpenOption.APPEND);
    Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));

    Run run = run("--version");

    assertEquals(0, run.status());
    assertTrue(run.out().startsWith("virt-tune "), run.out());
  }

  @Test
  void aDamagedArchiveIsIgnoredSilently() throws Exception {
    Files.write(archive, "not an archive".repeat(1000).getBytes(StandardCharsets.US_ASCII));

    Run run = run("--version");

    assertTrue(run.out().startsWith("virt-tune "), run.out());
  }

  @Test
  void theExitStatusIsTheCommandsWhileTheArchiveIsWritten() throws Exception {
    Run run = run("inspect", "--no-such-option");

    assertEquals(2, run.status());
    assertTrue(Files.size(archive) > 0);
  }

  private record Run(int status, String out) {}

  /** Runs the copied launcher; anything on stderr fails the test, since the archive must be silent. */
  private Run run(String... args) throws Exception {
    String[] argv = new String[args.length + 1];
    argv[0] = checkout.resolve("scripts/virt-tune").toString();
    System.arraycopy(args, 0, argv, 1, args.length);
    Process process = new ProcessBuilder(argv).redirectErrorStream(false).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    int status = process.waitFor();
    if (status != 2) {
      assertEquals("", err, "stderr of " + String.join(" ", args));
    } else {
      assertTrue(!err.contains("cds") && !err.contains("archive"), err);
    }
    return new Run(status, out);
  }
}

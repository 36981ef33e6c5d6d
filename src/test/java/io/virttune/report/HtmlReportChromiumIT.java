package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.bench.BenchComparison;
import io.virttune.bench.BenchStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report rendered by a real headless Chromium (Debian's chromium, a TEST_PACKAGE): the
 * charts are in the rendered DOM, and a screenshot is taken (kept in target/ for a look).
 */
class HtmlReportChromiumIT {
  private static final BenchStore RECORDED = new BenchStore(Path.of("src/test/resources/io/virttune/bench"));

  @TempDir Path dir;

  @Test
  void chromiumRendersTheChartsAndTheTable() throws Exception {
    Path report = dir.resolve("report.html");
    Files.writeString(report, HtmlBenchReport.render(
        BenchComparison.of(RECORDED.read("guest-io", "before"), RECORDED.read("guest-io", "after"))));
    Path screenshot = Path.of("target/bench-report.png").toAbsolutePath();
    Files.deleteIfExists(screenshot);

    String dom = chromium("--dump-dom", report.toUri().toString());
    chromium("--screenshot=" + screenshot, "--window-size=1100,1900", report.toUri().toString());

    assertEquals(4, Pattern.compile("<svg ").matcher(dom).results().count(), dom);
    assertEquals(40, Pattern.compile("<rect ").matcher(dom).results().count());
    assertTrue(dom.contains("<table id=\"changes\">"), dom);
    assertTrue(dom.contains("rnd4k_q32t1_read: p99 latency"), dom);
    assertTrue(Files.size(screenshot) > 20_000, "a screenshot with content, not a blank page");
  }

  private String chromium(String... args) throws Exception {
    List<String> argv = new ArrayList<>(List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--user-data-dir=" + Files.createTempDirectory(dir, "profile")));
    argv.addAll(List.of(args));
    Process process = new ProcessBuilder(argv).redirectError(dir.resolve("chromium.err").toFile()).start();
    String out = new String(process.getInputStream().readAllBytes());
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "chromium did not finish in 120 s");
    assertEquals(0, process.exitValue(), Files.readString(dir.resolve("chromium.err")));
    return out;
  }
}

package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real headless Chromium (Debian's chromium, a TEST_PACKAGE) laying out a page: its DOM, a
 * screenshot, or what a measuring script found, written into a {@code <pre id="measured">} that
 * --dump-dom hands back.
 */
public final class HeadlessChromium {
    private final Path scratch;

    /** {@code scratch}: a directory for the pages and profiles of each run. */
    public HeadlessChromium(Path scratch) {
        this.scratch = scratch;
    }

    /**
     * What a measuring script found of a page's charts ({@code body.right}, and per chart its
     * {@code right}, {@code viewBoxWidth}, {@code viewBoxHeight} and {@code texts} with their
     * boxes): every chart inside the page, every text inside its chart.
     */
    public static void assertChartsFit(JsonNode measured) {
        for (JsonNode chart : measured.path("charts")) {
            assertTrue(
                    chart.path("right").asDouble()
                            <= measured.path("body").path("right").asDouble() + 0.5,
                    "inside: " + chart.path("title"));
            for (JsonNode text : chart.path("texts")) {
                assertTrue(
                        text.path("left").asDouble() >= 0
                                && text.path("right").asDouble()
                                        <= chart.path("viewBoxWidth").asDouble()
                                && text.path("bottom").asDouble()
                                        <= chart.path("viewBoxHeight").asDouble(),
                        "clipped: " + text);
            }
        }
    }

    public String dumpDom(String html, int windowWidth) throws Exception {
        return run("--dump-dom", "--window-size=" + windowWidth + ",2200", write(html));
    }

    /**
     * The page laid out at the window's width, then {@code script} run in it: the value the script
     * leaves in its variable {@code m}, as JSON.
     */
    public JsonNode measure(String html, String script, int windowWidth) throws Exception {
        String publish = "const out = document.createElement('pre');\nout.id = 'measured';\n"
                + "out.textContent = JSON.stringify(m);\ndocument.body.appendChild(out);\n";
        String dom =
                dumpDom(html.replace("</body>", "<script>\n" + script + publish + "</script>\n</body>"), windowWidth);
        Matcher measured = Pattern.compile("<pre id=\"measured\">(.*?)</pre>", Pattern.DOTALL)
                .matcher(dom);
        assertTrue(measured.find(), "the measuring script ran: " + dom);
        String json =
                measured.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
        return new ObjectMapper().readTree(json);
    }

    public void screenshot(String html, Path png, int windowWidth, int windowHeight) throws Exception {
        run("--screenshot=" + png, "--window-size=" + windowWidth + "," + windowHeight, write(html));
    }

    private String write(String page) throws Exception {
        Path file = Files.createTempFile(scratch, "report", ".html");
        Files.writeString(file, page);
        return file.toUri().toString();
    }

    private String run(String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of(
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--user-data-dir=" + Files.createTempDirectory(scratch, "profile")));
        argv.addAll(List.of(args));
        Path err = Files.createTempFile(scratch, "chromium", ".err");
        Process process = new ProcessBuilder(argv).redirectError(err.toFile()).start();
        String out = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "chromium did not finish in 120 s");
        assertEquals(0, process.exitValue(), Files.readString(err));
        return out;
    }
}

package io.virttune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The pipeline is visible in the packages: each package imports only from packages before it in
 * {@link #LAYERS}, so that facts flow one way (adapters, inspect, plan, apply, bench, snippets)
 * into the report, a sink, and the command line on top. Read from the sources' import lines.
 */
class PackageLayersTest {
    /** Upstream first. A package may import from the packages listed before it. */
    private static final List<String> LAYERS = List.of(
            "",
            "text",
            "files",
            "process",
            "xml",
            "lvm",
            "qemu",
            "libvirt",
            "blockjob",
            "agent",
            "host",
            "recipe",
            "inspect",
            "inspect.rules",
            "plan",
            "apply.custody",
            "apply.journal",
            "apply.ports",
            "apply.live",
            "apply.guards",
            "apply.undo",
            "apply",
            "bench",
            "snippets",
            "fleet",
            "report",
            "cli");

    private static final Path SOURCES = Path.of("src/main/java/io/virttune");
    private static final Pattern IMPORT =
            Pattern.compile("^import (?:static )?io\\.virttune\\.((?:[a-z]+\\.)*)[A-Z]", Pattern.MULTILINE);

    @Test
    void everyImportPointsUpstream() throws IOException {
        List<String> backward = new ArrayList<>();
        int imports = 0;
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String from = packageOf(
                        SOURCES.relativize(file.getParent()).toString().replace('/', '.'));
                Matcher matcher = IMPORT.matcher(Files.readString(file));
                while (matcher.find()) {
                    imports++;
                    String to = packageOf(matcher.group(1).replaceAll("\\.$", ""));
                    if (!to.equals(from) && LAYERS.indexOf(to) >= LAYERS.indexOf(from)) {
                        backward.add(SOURCES.relativize(file) + " imports io.virttune." + to);
                    }
                }
            }
        }
        assertTrue(imports > 300, "only " + imports + " imports read from " + SOURCES);
        assertEquals(List.of(), backward);
    }

    private static String packageOf(String name) {
        assertTrue(LAYERS.contains(name), "package io.virttune." + name + " has no place in LAYERS");
        return name;
    }
}

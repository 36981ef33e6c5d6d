package io.virttune.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.testing.Cli;
import io.virttune.testing.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plan cases found by folder, as google-java-format's tests find theirs: each folder under
 * src/test/resources/golden/plan holds a definition ({@code input.xml}) and the plan's options
 * ({@code args}, one line); the plan's text ({@code plan.txt}) and each rewritten definition
 * ({@code NAME.xml}) are its golden files, and planning the rewritten definitions again must
 * rewrite nothing. A new case is a new folder; -Dvirttune.golden.update=true writes its files.
 */
class GoldenPlanCasesTest {
    private static final Path CASES = Path.of("src/test/resources/golden/plan");

    @TempDir
    Path temp;

    @TestFactory
    Stream<DynamicTest> everyCaseFolderPlansAsItsGoldenFilesSayAndPlanningItsOutputAgainChangesNothing()
            throws IOException {
        List<Path> folders;
        try (Stream<Path> listing = Files.list(CASES)) {
            folders = listing.filter(Files::isDirectory).sorted().toList();
        }
        assertEquals(true, folders.size() >= 3, "the cases under " + CASES);
        return folders.stream()
                .map(folder -> DynamicTest.dynamicTest(folder.getFileName().toString(), () -> check(folder)));
    }

    private void check(Path folder) throws IOException {
        String name = folder.getFileName().toString();
        List<String> options =
                List.of(Files.readString(folder.resolve("args")).strip().split(" "));
        Path rewritten = temp.resolve(name + "/rewritten");

        Cli planned = plan(List.of(folder.resolve("input.xml")), options, rewritten);

        Golden.assertMatches("golden/plan/" + name + "/plan.txt", planned.out());
        List<Path> outputs = files(rewritten);
        for (Path output : outputs) {
            Golden.assertMatches("golden/plan/" + name + "/" + output.getFileName(), Files.readString(output));
        }
        if (!outputs.isEmpty()) {
            Path again = temp.resolve(name + "/again");
            Cli replanned = plan(outputs, options, again);
            assertEquals(
                    List.of(),
                    files(again),
                    "planning the rewritten definitions again rewrote them:\n" + replanned.out());
        }
    }

    private static Cli plan(List<Path> inputs, List<String> options, Path xmlOut) {
        List<String> args = new ArrayList<>(List.of("plan", "--all"));
        inputs.forEach(input -> args.addAll(List.of("--from-xml", input.toString())));
        args.addAll(options);
        args.addAll(List.of("--xml-out", xmlOut.toString()));
        Cli run = Cli.run(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.transcript());
        return run;
    }

    private static List<Path> files(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> listing = Files.list(folder)) {
            return listing.sorted().toList();
        }
    }
}

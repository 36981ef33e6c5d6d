package io.virttune.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.inspect.DomainFiles;
import io.virttune.testing.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks rewritten definitions against libvirt's own RELAX NG schema, as virt-xml-validate does,
 * with one xmllint run over all files: every rewrite of a schema-valid domain must stay valid.
 */
class PlanSchemaIT {
    private static final Path SCHEMA = Path.of("/usr/share/libvirt/schemas/domain.rng");

    @TempDir
    Path temp;

    @Test
    void everyRewriteOfASchemaValidDomainIsSchemaValid() throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(SCHEMA), SCHEMA + " is missing: install libvirt-clients (scripts/test.sh does)");
        MigrationPlanner planner = new MigrationPlanner(PlanPolicy.defaults(PlanTarget.linear("vg_test")));
        List<Path> originals = new ArrayList<>();
        int index = 0;
        for (Path file : Corpus.documents()) {
            for (DomainPlan domain :
                    planner.plan(DomainFiles.read(List.of(file)), Instant.EPOCH).domains()) {
                if (domain.newXml() != null) {
                    // Named after the corpus file, so that a failure says which definition it was.
                    String name = ++index + "-" + file.getFileName().toString().replace(".xml", "");
                    Files.writeString(temp.resolve(name + "-before.xml"), domain.originalXml());
                    Files.writeString(temp.resolve(name + "-after.xml"), domain.newXml());
                    originals.add(temp.resolve(name + "-before.xml"));
                }
            }
        }
        Set<Path> valid = validating(originals);
        List<Path> rewrites = valid.stream()
                .map(before -> before.resolveSibling(
                        before.getFileName().toString().replaceAll("-before\\.xml$", "-after.xml")))
                .toList();
        Set<Path> validRewrites = validating(rewrites);

        assertTrue(valid.size() >= 200, "only " + valid.size() + " schema-valid originals");
        List<Path> broken = rewrites.stream()
                .filter(after -> !validRewrites.contains(after))
                .toList();
        assertEquals(List.of(), broken, "rewrites that libvirt's schema rejects (originals validate)");
    }

    /** The files xmllint reports as valid against libvirt's domain schema. */
    private static Set<Path> validating(List<Path> files) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("xmllint", "--noout", "--relaxng", SCHEMA.toString()));
        files.forEach(file -> argv.add(file.toString()));
        Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        process.waitFor();
        Set<Path> valid = new HashSet<>();
        for (String line : output.split("\n")) {
            if (line.endsWith(" validates")) {
                valid.add(Path.of(line.substring(0, line.length() - " validates".length())));
            }
        }
        assertTrue(
                !valid.isEmpty() || files.isEmpty(),
                "xmllint validated nothing:\n" + output.lines().limit(5).toList());
        return valid;
    }
}

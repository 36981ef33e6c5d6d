package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** snippets --json: each file it wrote, with the very text in the folder. */
class SnippetsJsonTest {
    @TempDir
    Path temp;

    @Test
    void everyFileWrittenIsInTheDocumentWithItsText() throws Exception {
        Path out = temp.resolve("hv01");

        Cli run = Cli.run(
                "snippets",
                "--connect",
                Cli.EXAMPLE_URI,
                "--host-facts",
                "examples/hv01",
                "--out",
                out.toString(),
                "--json");

        assertEquals(0, run.exitCode(), run.transcript());
        JsonNode document = new ObjectMapper().readTree(run.out());
        List<String> listed = new ArrayList<>();
        for (JsonNode file : document.get("files")) {
            listed.add(file.get("path").asText());
            assertEquals(
                    Files.readString(out.resolve(file.get("path").asText())),
                    file.get("text").asText());
        }
        try (Stream<Path> written = Files.walk(out)) {
            assertEquals(
                    written.filter(Files::isRegularFile)
                            .map(path -> out.relativize(path).toString())
                            .sorted()
                            .toList(),
                    listed);
        }
        assertEquals(0, document.get("problems").size());
    }
}

package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command's refusals: each with its exit code and a message that says what to do. */
class SnippetsCommandTest {
    @TempDir
    Path temp;

    private final StringWriter err = new StringWriter();

    @Test
    void refusesAnOutputDirectoryThatHoldsFiles() throws Exception {
        Files.writeString(temp.resolve("operator-notes.txt"), "mine");
        assertEquals(2, run("--out", temp.toString()));
        assertTrue(err.toString().contains("is not empty"), err.toString());
        assertEquals("mine", Files.readString(temp.resolve("operator-notes.txt")));
    }

    @Test
    void refusesAMarginOutsideZeroToHundredPercent() {
        assertEquals(2, run("--out", temp.resolve("out").toString(), "--hugepages-margin", "150"));
        assertTrue(err.toString().contains("between 0 and 100%"), err.toString());
    }

    @Test
    void refusesAnUnknownFormat() {
        // Main maps picocli's parse errors to exit code 1 for every command.
        assertNotEquals(0, run("--out", temp.resolve("out").toString(), "--format", "puppet"));
        assertTrue(err.toString().contains("--format"), err.toString());
    }

    @Test
    void namesADomainGlobThatMatchesNothing() {
        assertEquals(1, run("--out", temp.resolve("out").toString(), "--for-domains", "nosuch*"));
        assertTrue(err.toString().contains("no domain matches 'nosuch*'"), err.toString());
        assertTrue(Files.notExists(temp.resolve("out")), "nothing is written");
    }

    private int run(String... options) {
        String[] args = new String[options.length + 5];
        args[0] = "snippets";
        args[1] = "--connect";
        args[2] = Hv01.URI;
        args[3] = "--host-facts";
        args[4] = Hv01.DIRECTORY.toString();
        System.arraycopy(options, 0, args, 5, options.length);
        return new Main(new PrintWriter(new StringWriter()), new PrintWriter(err)).run(args);
    }
}

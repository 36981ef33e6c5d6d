package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A plan file that is not one is refused in the operator's words, saying where in the file and
 * what is wrong there, with no Java type name; the dry run reads it as apply --execute would.
 */
class PlanFileProblemsTest {
    @TempDir
    Path temp;

    private String plan;

    @BeforeEach
    void planOneDomain() throws IOException {
        Path out = temp.resolve("plan.json");
        Cli planned = Cli.run(
                "plan",
                "--connect",
                Cli.EXAMPLE_URI,
                "--host-facts",
                "examples/hv01",
                "--vg",
                "vg_fast",
                "web01",
                "--out",
                out.toString());
        assertEquals(0, planned.exitCode(), planned.transcript());
        plan = Files.readString(out);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "empty|EMPTY|is empty",
                "blank|BLANK|is empty",
                "an array|[]|holds a JSON array, not an object",
                "a number|42|holds a JSON number, not an object",
                "broken JSON|{\"schema\": |is not valid JSON at line 1, column 11",
                "no domains|{\"schema\": \"virt-tune/plan\", \"version\": 1, \"hostSteps\": []}|has no 'domains'",
            })
    void aFileThatIsNoPlanIsSaidToBeNone(String what, String text, String problem) throws IOException {
        String content = switch (text) {
            case "EMPTY" -> "";
            case "BLANK" -> " ".repeat(4096) + "\n";
            default -> text;
        };
        assertRefused(Files.writeString(temp.resolve(what.replace(' ', '-') + ".json"), content), problem);
    }

    @Test
    void aPlanWithoutItsDomainsSaysSo() throws IOException {
        assertRefused(edited(text -> text.replaceFirst("\"domains\"", "\"domainz\"")), "has no 'domains'");
    }

    @Test
    void anUnknownStepKindIsNamedWithItsPlace() throws IOException {
        assertRefused(
                edited(text -> text.replaceFirst("\"kind\" : \"verify-copy\"", "\"kind\" : \"rm-rf\"")),
                "has an unknown step kind 'rm-rf' at domains[0].steps[3]");
    }

    @Test
    void anUnknownFieldAndAValueOfTheWrongKindAreNamedWithTheirPlace() throws IOException {
        assertRefused(
                edited(text -> text.replaceFirst(
                        "\"kind\" : \"verify-copy\",", "\"kind\" : \"verify-copy\"," + " \"force\" : true,")),
                "has an unknown field 'force' at domains[0].steps[3]");
        assertRefused(
                edited(text -> text.replaceFirst("\"reserveFraction\" : [0-9.]+", "\"reserveFraction\" : \"lots\"")),
                "has a value of the wrong kind at reserveFraction");
    }

    @Test
    void aFileLargerThanAnyPlanIsNotReadWhole() throws IOException {
        Path big = Files.writeString(temp.resolve("big.json"), " ".repeat(64 << 10));

        Exception refused = org.junit.jupiter.api.Assertions.assertThrows(
                io.virttune.VirtTuneException.class, () -> PlanFiles.text(big, 32 << 10));
        assertEquals(
                big + " is larger than any plan (32 KiB at most): it is not a plan virt-tune wrote",
                refused.getMessage());
    }

    private Path edited(UnaryOperator<String> edit) throws IOException {
        String text = edit.apply(plan);
        assertFalse(text.equals(plan), "the edit must change the plan");
        return Files.writeString(temp.resolve("edited.json"), text);
    }

    private static void assertRefused(Path file, String problem) {
        for (String[] args : new String[][] {{"apply", file.toString()}, {"apply", file.toString(), "--execute"}}) {
            Cli apply = Cli.run(args);
            assertEquals(1, apply.exitCode(), apply.transcript());
            assertTrue(apply.err().contains(file + " " + problem), apply.transcript());
            assertTrue(apply.err().contains("make it again with virt-tune plan --out FILE"), apply.transcript());
            assertFalse(
                    apply.err().matches("(?s).*(io\\.virttune|java\\.|jackson|Exception|POJO|`).*"),
                    apply.transcript());
        }
    }
}

package io.virttune.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Words in commands shown to operators must paste back into a shell as exactly the same word. */
class ShellWordsTest {
    @Test
    void plainWordsStayAsTheyAre() {
        assertEquals("web01", ShellWords.quote("web01"));
        assertEquals("vg_guests/db01-disk0", ShellWords.quote("vg_guests/db01-disk0"));
    }

    @Test
    void spacesQuotesUnicodeAndEmptyAreSingleQuoted() {
        assertEquals("'customer vm '\\''ü-01'\\'' \"prod\"'", ShellWords.quote("customer vm 'ü-01' \"prod\""));
        assertEquals("''", ShellWords.quote(""));
        assertEquals("'$HOME;rm'", ShellWords.quote("$HOME;rm"));
    }

    @Test
    void aLeadingDashIsQuotedAndAnOperandGoesAfterDoubleDash() {
        assertEquals("'-x'", ShellWords.quote("-x"));
        assertEquals("-- '-x'", ShellWords.operand("-x"));
        assertEquals(List.of("web01", "'a b'"), List.of(ShellWords.operand("web01"), ShellWords.operand("a b")));
    }

    @Test
    void quotedWordsSurviveARealShell() throws Exception {
        String word = "-odd 'q' \"d\" ü $x `y` \\z";
        Process echo = new ProcessBuilder("sh", "-c", "printf %s " + ShellWords.quote(word)).start();
        assertEquals(word, new String(echo.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(0, echo.waitFor());
    }

    @Test
    void aLineSplitsAsTheShellSplitsIt() {
        assertEquals(
                List.of("hv01", "note=racked \"B2\", row 4", "x=a\"b", "y=$z", "w=q"),
                ShellWords.split("hv01 note='racked \"B2\", row 4'  x=\"a\\\"b\" y=$z w=\\q # retired: hv00"));
        assertEquals(List.of(), ShellWords.split("   # only a comment"));
        assertEquals(List.of("a#b"), ShellWords.split("a#b"));
        assertEquals(
                List.of(ShellWords.quote(" '$x'")),
                List.of(ShellWords.quote(
                        ShellWords.split(ShellWords.quote(" '$x'")).get(0))));
    }

    @Test
    void anUnclosedQuoteIsNamed() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ShellWords.split("hv01 note='x"));
        assertEquals("the quote ' at column 11 is not closed", e.getMessage());
    }
}

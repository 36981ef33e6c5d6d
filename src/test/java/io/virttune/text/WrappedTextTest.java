package io.virttune.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Prose broken at spaces to a width, continuation lines under the first line's text. */
class WrappedTextTest {

    @Test
    void breaksAtSpacesWithAHangingIndent() {
        assertEquals(
                List.of("  fix:  use cache=none", "        with io=native", "        (the host page", "        cache)"),
                WrappedText.lines("  fix:  ", "use cache=none with io=native (the host page cache)", 22));
    }

    @Test
    void noWidthIsOneLine() {
        assertEquals(List.of("  a b c"), WrappedText.lines("  ", "a b c", 0));
    }

    @Test
    void aWordLongerThanTheLineStandsAlone() {
        assertEquals(
                List.of("x: short", "   /a/very/long/path/that/does/not/fit", "   end"),
                WrappedText.lines("x: ", "short /a/very/long/path/that/does/not/fit end", 12));
    }

    @Test
    void aNumberStaysWithTheWordAfterIt() {
        assertEquals(
                List.of("349.9 GiB allocated of", "1014 GiB virtual,", "0 blocked"),
                WrappedText.lines("", "349.9 GiB allocated of 1014 GiB virtual, 0 blocked", 22));
        assertEquals(List.of("ends at", "4"), WrappedText.lines("", "ends at 4", 7));
    }
}

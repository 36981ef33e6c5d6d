package io.virttune.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProseLinesTest {
    private static final String PREFIX = "[backup01] ";
    private static final String REFUSED = "refused: 'backup01' is running: apply never copies the images of a"
            + " domain that is not shut off; shut it down and apply again";

    @Test
    void proseBreaksAtSpacesWithinTheWidthAndHangsUnderItsFirstLine() {
        List<String> lines = ProseLines.fit(PREFIX, REFUSED, 60);

        assertTrue(lines.size() > 1, lines.toString());
        lines.forEach(line -> assertTrue(line.length() <= 60, line));
        lines.stream()
                .skip(1)
                .forEach(line -> assertTrue(line.startsWith(" ".repeat(13)) && line.charAt(13) != ' ', line));
        assertEquals(
                PREFIX + REFUSED,
                String.join(" ", lines.stream().map(String::strip).toList()));
    }

    @Test
    void commandsDiffsAndXmlStayWholeToBeCopied() {
        for (String text : List.of(
                "    $ lvm lvcreate --yes --addtag virt-tune --type thin -V 85899345920b --thinpool tpool",
                "  +      <driver name=\"qemu\" type=\"raw\" cache=\"none\" io=\"native\"/>",
                "  @@ -1,4 +1,4 @@ and a hunk header long enough to pass the width")) {
            assertEquals(List.of("[db01] " + text), ProseLines.fit("[db01] ", text, 40));
        }
    }

    @Test
    void noWidthOrAShortLineLeavesItAsItIs() {
        assertEquals(List.of(PREFIX + REFUSED), ProseLines.fit(PREFIX, REFUSED, 0));
        assertEquals(List.of("[db01] 1/3 back up"), ProseLines.fit("[db01] ", "1/3 back up", 40));
    }

    @Test
    void aWordLongerThanTheWidthIsKeptWhole() {
        String path = "/var/lib/libvirt/images/a-very-long-image-name-that-cannot-break.qcow2";
        List<String> lines = ProseLines.fit("[web] ", "copy " + path + " to the LV", 30);

        assertTrue(lines.contains("        " + path), lines.toString());
    }
}

package io.virttune.text;

import java.util.List;

/**
 * Fits a line of prose to a width at its spaces, the lines after the first hanging under it;
 * a command, a diff or XML stays one line, to be copied whole, and so does a word longer than the
 * width (a path).
 */
public final class ProseLines {
    private ProseLines() {}

    /**
     * {@code prefix} and {@code text} as lines of at most {@code width} columns where the text can
     * break, continuation lines hanging two spaces under its first word; one line when {@code width}
     * is 0 (no limit) or the text is no prose.
     */
    public static List<String> fit(String prefix, String text, int width) {
        String line = prefix + text;
        if (width <= 0 || line.length() <= width || !isProse(text)) {
            return List.of(line);
        }
        String indentation =
                text.substring(0, text.length() - text.stripLeading().length());
        return WrappedText.lines(prefix + indentation, text.strip(), width, (prefix + indentation).length() + 2);
    }

    /** Prose starts with a word: a command ({@code $}), a diff ({@code + - @}) or XML ({@code <}) does not. */
    private static boolean isProse(String text) {
        String start = text.strip();
        return !start.isEmpty()
                && (Character.isLetterOrDigit(start.codePointAt(0)) || "'\"(".indexOf(start.charAt(0)) >= 0);
    }
}

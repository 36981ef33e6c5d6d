package io.virttune.text;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Prose broken at spaces to fit a width, continuation lines indented to where the text began; a
 * number stays on the line of the word after it ("349.9 GiB", "0 blocked"), as a typesetter ties them.
 */
public final class WrappedText {
    private static final Pattern NUMBER = Pattern.compile("[0-9]+([.,][0-9]+)*");

    private WrappedText() {}

    /** {@code prefix} then {@code text} in lines of at most {@code width} (0: one line); a longer word stands alone. */
    public static List<String> lines(String prefix, String text, int width) {
        return lines(prefix, text, width, prefix.codePointCount(0, prefix.length()));
    }

    /** As {@link #lines(String, String, int)}, continuation lines indented by {@code indent} columns. */
    public static List<String> lines(String prefix, String text, int width, int indent) {
        if (width <= 0) {
            return List.of(prefix + text);
        }
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(prefix);
        int start = line.length();
        for (String word : tied(text.split(" +"))) {
            boolean first = line.length() == start;
            if (!first && length(line) + 1 + length(word) > width) {
                lines.add(line.toString());
                line = new StringBuilder(" ".repeat(indent));
                start = line.length();
                first = true;
            }
            line.append(first ? "" : " ").append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    /** The words, each bare number joined to the word after it. */
    private static List<String> tied(String[] words) {
        List<String> tied = new ArrayList<>();
        for (int i = 0; i < words.length; i++) {
            boolean number = NUMBER.matcher(words[i]).matches() && i + 1 < words.length;
            tied.add(number ? words[i] + " " + words[++i] : words[i]);
        }
        return tied;
    }

    private static int length(CharSequence text) {
        return Character.codePointCount(text, 0, text.length());
    }
}

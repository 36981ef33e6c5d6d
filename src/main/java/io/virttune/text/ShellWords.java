package io.virttune.text;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Quotes words for a POSIX shell, so commands shown to operators can be pasted as they are, and
 * splits a line into words as a POSIX shell (and Python's {@code shlex}) would.
 */
public final class ShellWords {
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellWords() {}

    public static String quote(String word) {
        if (!word.isEmpty() && SAFE.matcher(word).matches() && !word.startsWith("-")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * A word of a printed command line: quoted only where the shell would otherwise split or
     * expand it. Options keep their leading dash bare, as an operator would type them.
     */
    public static String argument(String word) {
        return !word.isEmpty() && SAFE.matcher(word).matches() ? word : quote(word);
    }

    /**
     * A word quoted as a command's last operand: after {@code --} when it starts with a dash, since
     * quoting alone does not stop the command from reading it as an option.
     */
    public static String operand(String word) {
        return (word.startsWith("-") ? "-- " : "") + quote(word);
    }

    /**
     * The words of {@code line}: split at blanks outside quotes, {@code '...'} literal, {@code "..."}
     * with backslash escapes, a backslash outside quotes escaping the next character, and a word
     * starting with {@code #} beginning a comment to the end of the line.
     *
     * @throws IllegalArgumentException when a quote is not closed, naming it
     */
    public static List<String> split(String line) {
        return split(line, true);
    }

    /**
     * The words of {@code line} as {@link #split(String)} gives them, but with {@code #} a character
     * like any other, as Python's {@code shlex.split} reads it by default.
     */
    public static List<String> splitWithoutComments(String line) {
        return split(line, false);
    }

    private static List<String> split(String line, boolean comments) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (comments && c == '#' && !inWord) {
                break;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (c == '\'' || c == '"') {
                int close = closingQuote(line, i);
                String quoted = line.substring(i + 1, close);
                word.append(c == '"' ? quoted.replaceAll("\\\\([\"\\\\$`])", "$1") : quoted);
                i = close;
                inWord = true;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private static int closingQuote(String line, int open) {
        char quote = line.charAt(open);
        for (int i = open + 1; i < line.length(); i++) {
            if (line.charAt(i) == quote) {
                return i;
            }
            if (quote == '"' && line.charAt(i) == '\\') {
                i++;
            }
        }
        throw new IllegalArgumentException("the quote " + quote + " at column " + (open + 1) + " is not closed");
    }
}

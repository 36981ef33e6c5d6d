package io.virttune.snippets;

import java.util.List;
import java.util.stream.Collectors;

/** Joins computed lines into a block of a template: each line prefixed, e.g. as a comment. */
final class Lines {
    private Lines() {}

    static String prefixed(String prefix, List<String> lines) {
        return lines.stream().map(line -> (prefix + line).stripTrailing()).collect(Collectors.joining("\n"));
    }

    /** A Markdown bullet list, or the fallback sentence when there is nothing to list. */
    static String bullets(List<String> lines, String whenEmpty) {
        return lines.isEmpty() ? whenEmpty : prefixed("- ", lines);
    }
}

package io.virttune.snippets;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** A Markdown table built row by row; pipes in cells are escaped. */
final class MarkdownTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    MarkdownTable(String... header) {
        this.header = List.of(header);
    }

    MarkdownTable row(String... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("expected " + header.size() + " cells, got " + cells.length);
        }
        rows.add(List.of(cells));
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    String render() {
        List<String> lines = new ArrayList<>();
        lines.add(line(header));
        lines.add(line(header.stream().map(cell -> "---").toList()));
        rows.forEach(row -> lines.add(line(row)));
        return String.join("\n", lines);
    }

    private static String line(List<String> cells) {
        return cells.stream().map(cell -> cell.replace("|", "\\|")).collect(Collectors.joining(" | ", "| ", " |"));
    }
}

package io.virttune.report;

import io.virttune.text.WrappedText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A plain-text table with a header row and columns padded to their widest cell.
 */
public final class TextTable {
    private static final String GAP = "  ";

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();
    private int elastic = -1;
    private int elasticMinimum;
    private final Set<Integer> optional = new LinkedHashSet<>();
    private boolean wrapsLast;

    public TextTable(String... header) {
        this.header = List.of(header);
    }

    public TextTable row(String... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("expected " + header.size() + " cells, got " + cells.length);
        }
        rows.add(Arrays.asList(cells));
        return this;
    }

    /** The column whose long cells are shortened to fit, down to {@code minimum} characters. */
    public TextTable elastic(String column, int minimum) {
        elastic = index(column);
        elasticMinimum = minimum;
        return this;
    }

    /** Columns left out, first to last, when the elastic column at its minimum still does not fit. */
    public TextTable optional(String... columns) {
        Arrays.stream(columns).map(this::index).forEach(optional::add);
        return this;
    }

    /** The last column's long cells wrap at spaces to fit the width, under their column, rather than run past it. */
    public TextTable wrapLast() {
        wrapsLast = true;
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table as lines, each prefixed with {@code indent}, trailing spaces trimmed. */
    public List<String> render(String indent) {
        return render(indent, 0);
    }

    /** The table fitted to {@code width} columns (0: no limit) as well as its columns allow. */
    public List<String> render(String indent, int width) {
        int[] widths = naturalWidths();
        List<Integer> shown = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            shown.add(i);
        }
        if (width > 0) {
            List<Integer> droppable = new ArrayList<>(optional);
            while (lineWidth(indent, widths, shown, elasticMinimum) > width && !droppable.isEmpty()) {
                shown.remove(droppable.remove(0));
            }
            if (elastic >= 0) {
                int room = width - lineWidth(indent, widths, shown, 0);
                widths[elastic] = Math.min(widths[elastic], Math.max(elasticMinimum, room));
            }
        }
        int last = shown.get(shown.size() - 1);
        boolean wrapping = wrapsLast && last == header.size() - 1;
        List<String> lines = new ArrayList<>();
        for (List<String> row : allRows()) {
            StringBuilder line = new StringBuilder(indent);
            for (int column : shown) {
                if (column == last) {
                    break;
                }
                String cell = column == elastic ? shorten(row.get(column), widths[column]) : row.get(column);
                line.append(cell)
                        .append(" ".repeat(widths[column] - length(cell)))
                        .append(GAP);
            }
            String lastCell = last == elastic ? shorten(row.get(last), widths[last]) : row.get(last);
            for (String wrapped : WrappedText.lines(line.toString(), lastCell, wrapping ? width : 0)) {
                lines.add(wrapped.stripTrailing());
            }
        }
        return lines;
    }

    private int[] naturalWidths() {
        int[] widths = new int[header.size()];
        for (List<String> row : allRows()) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], length(row.get(i)));
            }
        }
        return widths;
    }

    /** The widest line with these columns, the elastic one counted at {@code elasticWidth} (0: left out). */
    private int lineWidth(String indent, int[] widths, List<Integer> shown, int elasticWidth) {
        int total = length(indent) + GAP.length() * (shown.size() - 1);
        for (int column : shown) {
            total += column == elastic ? Math.min(widths[column], elasticWidth) : widths[column];
        }
        return total;
    }

    /** The cell in {@code width} characters: its start, an ellipsis, and its end (two thirds of what is kept). */
    static String shorten(String cell, int width) {
        int length = length(cell);
        if (length <= width) {
            return cell;
        }
        int head = (width - 1) / 3;
        int tail = width - 1 - head;
        return cell.substring(0, cell.offsetByCodePoints(0, head)) + "…"
                + cell.substring(cell.offsetByCodePoints(0, length - tail));
    }

    private static int length(String text) {
        return text.codePointCount(0, text.length());
    }

    private int index(String column) {
        int index = header.indexOf(column);
        if (index < 0) {
            throw new IllegalArgumentException("no column " + column + " in " + header);
        }
        return index;
    }

    private List<List<String>> allRows() {
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        return all;
    }
}

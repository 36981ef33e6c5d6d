package io.virttune.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A plain-text table with a header row and columns padded to their widest cell. */
public final class TextTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

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

  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /** The table as lines, each prefixed with {@code indent}, trailing spaces trimmed. */
  public List<String> render(String indent) {
    int[] widths = new int[header.size()];
    for (List<String> row : allRows()) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).codePointCount(0, row.get(i).length()));
      }
    }
    List<String> lines = new ArrayList<>();
    for (List<String> row : allRows()) {
      StringBuilder line = new StringBuilder(indent);
      for (int i = 0; i < row.size(); i++) {
        String cell = row.get(i);
        line.append(cell);
        if (i < row.size() - 1) {
          line.append(" ".repeat(widths[i] - cell.codePointCount(0, cell.length()) + 2));
        }
      }
      lines.add(line.toString().stripTrailing());
    }
    return lines;
  }

  private List<List<String>> allRows() {
    List<List<String>> all = new ArrayList<>();
    all.add(header);
    all.addAll(rows);
    return all;
  }
}

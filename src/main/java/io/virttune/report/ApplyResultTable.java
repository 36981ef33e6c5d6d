package io.virttune.report;

import io.virttune.apply.DomainResult;
import java.io.PrintWriter;
import java.util.List;

/**
 * The table at the end of apply and rollback: what happened to each domain; within {@code width}
 * columns (0: no limit) a long DETAIL continues on lines of its own, under its column.
 */
public final class ApplyResultTable {
  private ApplyResultTable() {}

  public static void print(PrintWriter out, List<DomainResult> results) {
    print(out, results, 0);
  }

  public static void print(PrintWriter out, List<DomainResult> results, int width) {
    TextTable table = new TextTable("DOMAIN", "RESULT", "DETAIL");
    results.forEach(result -> table.row(result.domain(), result.result().label(), ""));
    // DOMAIN and RESULT laid out by the table, each row's DETAIL then wrapped after them.
    List<String> lines = table.render("");
    out.println();
    out.println(lines.get(0));
    int detailColumn = lines.get(0).indexOf("DETAIL");
    for (int i = 0; i < results.size(); i++) {
      String prefix = String.format("%-" + detailColumn + "s", lines.get(i + 1));
      WrappedText.lines(prefix, results.get(i).detail(), width).forEach(line -> out.println(line.stripTrailing()));
    }
  }
}

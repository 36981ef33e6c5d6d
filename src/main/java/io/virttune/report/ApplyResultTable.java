package io.virttune.report;

import io.virttune.apply.DomainResult;
import java.io.PrintWriter;
import java.util.List;

/** The table at the end of apply and rollback: what happened to each domain. */
public final class ApplyResultTable {
  private ApplyResultTable() {}

  public static void print(PrintWriter out, List<DomainResult> results) {
    TextTable table = new TextTable("DOMAIN", "RESULT", "DETAIL");
    results.forEach(result -> table.row(result.domain(), result.result().label(), result.detail()));
    out.println();
    table.render("").forEach(out::println);
  }
}

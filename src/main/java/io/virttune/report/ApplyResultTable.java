package io.virttune.report;

import io.virttune.apply.ports.DomainResult;
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
        TextTable table = new TextTable("DOMAIN", "RESULT", "DETAIL").wrapLast();
        results.forEach(result -> table.row(result.domain(), result.result().label(), result.detail()));
        out.println();
        table.render("", width).forEach(out::println);
    }
}

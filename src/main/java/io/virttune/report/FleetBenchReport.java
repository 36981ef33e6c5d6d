package io.virttune.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.bench.Comparisons;
import io.virttune.bench.Direction;
import io.virttune.fleet.HostComparisons;
import java.io.PrintWriter;
import java.util.List;

/**
 * Two bench labels compared on every host of a fleet, as text or as JSON.
 */
public final class FleetBenchReport {
    public static final String SCHEMA = "virt-tune/fleet-bench-compare";
    public static final int VERSION = 1;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String before;
    private final String after;
    private final List<HostComparisons> hosts;

    public FleetBenchReport(String before, String after, List<HostComparisons> hosts) {
        this.before = before;
        this.after = after;
        this.hosts = List.copyOf(hosts);
    }

    /** Every domain compared on the fleet, as if one host had them all: the fleet's averages. */
    public Comparisons fleet() {
        return new Comparisons(
                hosts.stream()
                        .flatMap(host -> host.comparisons().stream())
                        .flatMap(compared -> compared.compared().stream())
                        .toList(),
                List.of());
    }

    public void printText(PrintWriter out, int width) {
        out.println("Bench " + before + " -> " + after + " on every host");
        TextTable table = new TextTable("HOST", "DOMAINS", "READS", "WRITES", "LOSSES");
        for (HostComparisons host : hosts) {
            host.comparisons()
                    .ifPresentOrElse(
                            compared -> row(table, host.host(), compared),
                            () -> table.row(host.host(), "-", "-", "-", "-"));
        }
        if (hosts.stream().filter(host -> host.comparisons().isPresent()).count() > 1) {
            row(table, "(all hosts)", fleet());
        }
        new FleetSections<>(hosts, HostComparisons::host, HostComparisons::error)
                .eachHost(host -> section(out, host.comparisons().orElseThrow()))
                .print(out, "compared", table, "  ", width);
        out.println();
        out.println("READS, WRITES: the geometric mean over a host's domains of each one's mean IOPS change (" + before
                + " -> " + after + ")");
        out.flush();
    }

    private static void row(TextTable table, String name, Comparisons compared) {
        table.row(
                name,
                Integer.toString(compared.compared().size()),
                compared.meanIopsChange(Direction.READ),
                compared.meanIopsChange(Direction.WRITE),
                Integer.toString(compared.lossCount()));
    }

    private static void section(PrintWriter out, Comparisons compared) {
        BenchTextReport report = new BenchTextReport(out);
        for (int i = 0; i < compared.compared().size(); i++) {
            if (i > 0) {
                out.println();
            }
            report.print(compared.compared().get(i));
        }
        if (!compared.notCompared().isEmpty()) {
            out.println();
            out.println("Not compared: " + String.join(", ", compared.notCompared()));
        }
    }

    public ObjectNode json() {
        ObjectNode root = NODES.objectNode()
                .put("schema", SCHEMA)
                .put("version", VERSION)
                .put("before", before)
                .put("after", after);
        Comparisons fleet = fleet();
        BenchJsonReport.meanIopsChange(root.putObject("meanIopsChangePercent"), fleet::meanIopsPercent);
        ArrayNode sections = root.putArray("hosts");
        for (HostComparisons host : hosts) {
            ObjectNode section = sections.addObject()
                    .put("name", host.host())
                    .put("status", host.error().isPresent() ? "failed" : "ok");
            host.error().ifPresent(why -> section.put("error", why));
            Comparisons compared = host.comparisons().orElse(new Comparisons(List.of(), List.of()));
            BenchJsonReport.meanIopsChange(section.putObject("meanIopsChangePercent"), compared::meanIopsPercent);
            ArrayNode domains = section.putArray("domains");
            compared.compared().forEach(comparison -> domains.add(BenchJsonReport.document(comparison)));
            ArrayNode notCompared = section.putArray("notCompared");
            compared.notCompared().forEach(notCompared::add);
        }
        return root;
    }
}

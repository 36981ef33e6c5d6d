package io.virttune.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.apply.ports.DomainResult;
import io.virttune.fleet.HostResults;
import java.io.PrintWriter;
import java.util.List;

/**
 * What a fleet apply, rollback or bench did, host by host, as text or as JSON.
 *
 * @param command the command, named in the JSON's schema {@code virt-tune/fleet-COMMAND}
 * @param verb words the text's "Add --execute to VERB"
 * @param done words the text's "N DONE"
 * @param dryRuns whether the command has dry runs: without them its JSON has no {@code execute}
 */
public record FleetResultsReport(String command, String verb, String done, boolean dryRuns) {
    public static final FleetResultsReport APPLY = new FleetResultsReport("apply", "apply", "applied", true);
    public static final FleetResultsReport ROLLBACK =
            new FleetResultsReport("rollback", "roll back", "rolled back", true);
    public static final FleetResultsReport BENCH = new FleetResultsReport("bench", "bench", "benched", false);
    public static final int VERSION = 1;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    public String schema() {
        return "virt-tune/fleet-" + command;
    }

    /** What a dry run says first: that it changed nothing anywhere. */
    public String dryRunLine() {
        return "Dry run on every host: nothing is changed. Add --execute to " + verb + ".";
    }

    public void printText(PrintWriter out, List<HostResults> hosts, boolean execute, int width) {
        TextTable table = new TextTable("HOST", "DOMAIN", "RESULT", "DETAIL").wrapLast();
        for (HostResults host : hosts) {
            host.error().ifPresent(why -> table.row(host.host(), "-", "failed", why));
            host.results()
                    .forEach(result -> table.row(
                            host.host(), result.domain(), result.result().label(), result.detail()));
        }
        out.println();
        new FleetSections<>(hosts, HostResults::host, HostResults::error)
                .failuresInTable()
                .print(out, execute ? done : "checked (dry run)", table, "", width);
    }

    public String json(List<HostResults> hosts, boolean execute) {
        ObjectNode root = NODES.objectNode().put("schema", schema()).put("version", VERSION);
        if (dryRuns) {
            root.put("execute", execute);
        }
        ArrayNode sections = root.putArray("hosts");
        for (HostResults host : hosts) {
            ObjectNode section = sections.addObject()
                    .put("name", host.host())
                    .put("status", host.error().isPresent() ? "failed" : "ok");
            host.error().ifPresent(why -> section.put("error", why));
            ArrayNode domains = section.putArray("domains");
            for (DomainResult result : host.results()) {
                ResultsJsonReport.domain(domains, result);
            }
        }
        return JsonDocument.text(root);
    }
}

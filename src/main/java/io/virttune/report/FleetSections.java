package io.virttune.report;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The shape of every fleet text report: a line of counts ("Fleet of N hosts: K DONE, F failed"),
 * a table, the failed hosts and why, then each other host's own report under {@code === NAME
 * ===}; a report whose table already says why a host failed, or that has no report per host,
 * leaves those parts out.
 */
final class FleetSections<H> {
    private final List<H> hosts;
    private final Function<H, String> name;
    private final Function<H, Optional<String>> failure;
    private boolean failuresListed = true;
    private Optional<Consumer<H>> section = Optional.empty();

    /** {@code failure}: why a host failed, empty for one that did not. */
    FleetSections(List<H> hosts, Function<H, String> name, Function<H, Optional<String>> failure) {
        this.hosts = List.copyOf(hosts);
        this.name = name;
        this.failure = failure;
    }

    /** The table's rows say why a host failed: the failed hosts are not listed again below it. */
    FleetSections<H> failuresInTable() {
        failuresListed = false;
        return this;
    }

    /** Each host that did not fail is then printed by {@code report}, under its name. */
    FleetSections<H> eachHost(Consumer<H> report) {
        section = Optional.of(report);
        return this;
    }

    /** {@code done}: what the hosts that did not fail were ("inspected", "planned", ...). */
    void print(PrintWriter out, String done, TextTable table, String indent, int width) {
        List<H> failed =
                hosts.stream().filter(host -> failure.apply(host).isPresent()).toList();
        out.println("Fleet of " + hosts.size() + " host" + (hosts.size() == 1 ? "" : "s") + ": "
                + (hosts.size() - failed.size()) + " " + done + ", " + failed.size() + " failed");
        table.render(indent, width).forEach(out::println);
        if (failuresListed && !failed.isEmpty()) {
            out.println();
            out.println("Failed hosts:");
            failed.forEach(host -> out.println(
                    "  " + name.apply(host) + ": " + failure.apply(host).orElseThrow()));
        }
        section.ifPresent(report -> hosts.stream()
                .filter(host -> failure.apply(host).isEmpty())
                .forEach(host -> {
                    out.println();
                    out.println("=== " + name.apply(host) + " ===");
                    report.accept(host);
                }));
    }
}

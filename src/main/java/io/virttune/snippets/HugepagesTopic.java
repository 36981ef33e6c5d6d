package io.virttune.snippets;

import io.virttune.host.HostSettings;
import io.virttune.host.HugepagePool;
import io.virttune.host.KernelCommandLine;
import io.virttune.text.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * Hugepages for guest memory: the GRUB parameters that reserve them at boot, the run-time writes
 * that resize the pools now, and how both differ from what the host has.
 */
final class HugepagesTopic implements Topic {
    static final String GRUB_FILE = "grub-hugepages.cfg";
    static final String RUNTIME_FILE = "hugepages-runtime.sh";
    private static final List<String> PARAMETERS = List.of("default_hugepagesz", "hugepagesz", "hugepages");

    @Override
    public TopicResult render(SnippetInput input) {
        Optional<HostSettings> settings = input.facts().settings();
        HugepageSizing sizing = new HugepageSizing(settings, input.options().hugepagesMarginPercent());
        List<HugepageNeed> needs =
                sizing.size(input.facts().domains(), input.options().forDomains());
        if (needs.isEmpty()) {
            return new TopicResult(
                    "Hugepages",
                    List.of(),
                    List.of("No domain is backed by hugepages, so"
                            + " nothing is reserved; name the domains you plan to move with --for-domains."),
                    "",
                    Map.of("virt_tune_hugepages", "\"\"  # none to reserve"));
        }
        String parameters = parameters(needs, sizing.defaultPageKiB());
        Map<String, String> values = Map.of(
                "host", input.facts().identity().hostname(),
                "parameters", parameters,
                "margin", String.valueOf(input.options().hugepagesMarginPercent()),
                "sizing", Lines.prefixed("#   ", sizingLines(needs)),
                "changes", Lines.prefixed("#   ", changes(needs, settings)));
        Snippet grub = new Snippet(
                GRUB_FILE,
                "GRUB drop-in reserving hugepages at boot: " + parameters,
                Template.load("files/grub-hugepages.cfg").render(values));
        Snippet runtime = new Snippet(
                RUNTIME_FILE,
                "resize the hugepage pools now, and back (revert)",
                Template.load("files/hugepages-runtime.sh")
                        .render(Map.of(
                                "host", input.facts().identity().hostname(),
                                "parameters", parameters,
                                "apply",
                                        Lines.prefixed(
                                                "    ",
                                                writes(needs, sizing.defaultPageKiB(), HugepagesTopic::proposed)),
                                "revert",
                                        Lines.prefixed(
                                                "    ", writes(needs, sizing.defaultPageKiB(), now(settings))))));
        return new TopicResult(
                "Hugepages",
                List.of(grub, runtime),
                summary(needs, settings),
                Template.load("ansible/hugepages.yml").render(Map.of()),
                Map.of("virt_tune_hugepages", "\"" + parameters + "\"  # what grub-hugepages.cfg reserves at boot"));
    }

    private static String parameters(List<HugepageNeed> needs, long defaultPageKiB) {
        HugepageNeed first = needs.stream()
                .filter(need -> need.pageSizeKiB() == defaultPageKiB)
                .findFirst()
                .orElse(needs.get(0));
        return "default_hugepagesz=" + first.kernelSize() + " "
                + needs.stream()
                        .map(need -> "hugepagesz=" + need.kernelSize() + " hugepages=" + need.totalPages())
                        .collect(Collectors.joining(" "));
    }

    private static List<String> sizingLines(List<HugepageNeed> needs) {
        List<String> lines = new ArrayList<>();
        for (HugepageNeed need : needs) {
            for (DomainDemand domain : need.domains()) {
                lines.add(domain.name() + ": " + Bytes.format(domain.memoryKiB() * 1024) + " = " + domain.pages()
                        + " pages of " + Bytes.format(need.pageSizeKiB() * 1024)
                        + (domain.planned() ? " (planned, --for-domains)" : " (uses hugepages)")
                        + domain.numaNode().stream()
                                .mapToObj(node -> ", memory pinned to NUMA node " + node)
                                .findFirst()
                                .orElse(""));
            }
            if (!need.pagesPerNode().isEmpty()) {
                lines.add(need.pagesPerNode().size() + " NUMA nodes: pinned domains count on their node,"
                        + " the others are split evenly");
            }
        }
        return lines;
    }

    private static List<String> changes(List<HugepageNeed> needs, Optional<HostSettings> settings) {
        List<String> lines = new ArrayList<>();
        for (HugepageNeed need : needs) {
            long now = settings.flatMap(s -> s.hugepagePool(need.pageSizeKiB()))
                    .map(HugepagePool::total)
                    .orElse(0L);
            lines.add(String.format(
                    Locale.ROOT,
                    "%s pages: now %d%s, proposed %d%s (%s, %s)",
                    Bytes.format(need.pageSizeKiB() * 1024),
                    now,
                    perNode(need, settings, true),
                    need.totalPages(),
                    perNode(need, settings, false),
                    delta(need.totalPages() - now),
                    Bytes.format(need.totalPages() * need.pageSizeKiB() * 1024) + share(need, settings)));
        }
        KernelCommandLine commandLine =
                settings.map(HostSettings::kernelCommandLine).orElse(KernelCommandLine.unknown());
        List<String> present = commandLine.parameters().stream()
                .filter(p -> PARAMETERS.stream().anyMatch(p::isNamed))
                .map(p -> p.name() + p.value().map(v -> "=" + v).orElse(""))
                .toList();
        lines.add(
                present.isEmpty()
                        ? "kernel command line now: no hugepage parameters (any pool was set at run time)"
                        : "kernel command line now: " + String.join(" ", present)
                                + ": remove these from /etc/default/grub, or the kernel sees them twice");
        return lines;
    }

    private static String perNode(HugepageNeed need, Optional<HostSettings> settings, boolean current) {
        if (need.pagesPerNode().isEmpty()) {
            return "";
        }
        return need.pagesPerNode().entrySet().stream()
                .map(node -> (current ? nodePool(settings, node.getKey(), need.pageSizeKiB()) : node.getValue())
                        + " on node " + node.getKey())
                .collect(Collectors.joining(", ", " (", ")"));
    }

    private static long nodePool(Optional<HostSettings> settings, int node, long pageKiB) {
        return settings.stream()
                .flatMap(s -> s.hugepagePoolsOfNode(node).stream())
                .filter(pool -> pool.pageSizeKiB() == pageKiB)
                .mapToLong(HugepagePool::total)
                .sum();
    }

    private static String delta(long difference) {
        return difference == 0 ? "no change" : difference > 0 ? difference + " more" : -difference + " fewer";
    }

    private static String share(HugepageNeed need, Optional<HostSettings> settings) {
        return settings.flatMap(s -> s.memTotalKiB().stream().boxed().findFirst())
                .map(total -> String.format(
                        Locale.ROOT,
                        " of the host's %s RAM, %.1f%%",
                        Bytes.format(total * 1024),
                        100.0 * need.totalPages() * need.pageSizeKiB() / total))
                .orElse("");
    }

    private static List<String> summary(List<HugepageNeed> needs, Optional<HostSettings> settings) {
        return needs.stream()
                .map(need -> Bytes.format(need.pageSizeKiB() * 1024) + " pages: "
                        + need.totalPages() + " proposed for " + need.domains().size() + " domain(s), now "
                        + settings.flatMap(s -> s.hugepagePool(need.pageSizeKiB()))
                                .map(HugepagePool::total)
                                .orElse(0L))
                .toList();
    }

    /** The page count to write for a size, on a node or host-wide. */
    private interface PageCount {
        long pages(HugepageNeed need, OptionalInt node);
    }

    private static long proposed(HugepageNeed need, OptionalInt node) {
        return node.isPresent() ? need.pagesPerNode().get(node.getAsInt()) : need.totalPages();
    }

    private static PageCount now(Optional<HostSettings> settings) {
        return (need, node) -> node.isPresent()
                ? nodePool(settings, node.getAsInt(), need.pageSizeKiB())
                : settings.flatMap(s -> s.hugepagePool(need.pageSizeKiB()))
                        .map(HugepagePool::total)
                        .orElse(0L);
    }

    private static List<String> writes(List<HugepageNeed> needs, long defaultPageKiB, PageCount count) {
        List<String> lines = new ArrayList<>();
        for (HugepageNeed need : needs) {
            String dir = "hugepages/hugepages-" + need.pageSizeKiB() + "kB/nr_hugepages";
            if (!need.pagesPerNode().isEmpty()) {
                need.pagesPerNode()
                        .keySet()
                        .forEach(node -> lines.add("set_pages /sys/devices/system/node/node" + node + "/" + dir + " "
                                + count.pages(need, OptionalInt.of(node))));
            } else if (need.pageSizeKiB() == defaultPageKiB) {
                lines.add("set_pages /proc/sys/vm/nr_hugepages " + count.pages(need, OptionalInt.empty())
                        + "  # the same as sysctl -w vm.nr_hugepages=" + count.pages(need, OptionalInt.empty()));
            } else {
                lines.add("set_pages /sys/kernel/mm/" + dir + " " + count.pages(need, OptionalInt.empty()));
            }
        }
        return lines;
    }
}

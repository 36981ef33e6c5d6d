package io.virttune.report;

import io.virttune.host.HostSettings;
import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.InspectResult;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskRole;
import io.virttune.text.Bytes;
import io.virttune.text.WrappedText;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The human-readable inspect report: the host, then each domain with its disks and findings, each
 * finding with its fix below it (host findings, and with verbose every finding, with their
 * evidence too), fitted to the width the options give.
 */
public final class InspectTextReport {
    private static final String UNCHANGED = "unchanged";

    private final PrintWriter out;
    private final InspectTextOptions options;

    public InspectTextReport(PrintWriter out, InspectTextOptions options) {
        this.out = out;
        this.options = options;
    }

    public void print(InspectResult result) {
        HostFacts facts = result.facts();
        out.println(
                "Host " + facts.identity().hostname() + "  (" + facts.identity().uri() + ")");
        out.println("  libvirt " + facts.identity().libvirtVersion() + ", "
                + facts.identity().hypervisorVersion()
                + facts.settings()
                        .flatMap(HostSettings::kernelRelease)
                        .map(release -> ", Linux " + release)
                        .orElse(""));
        facts.emulators().forEach(emulator -> out.println("  emulator " + EmulatorWords.of(emulator)));
        facts.lvm().map(HostTables::lvm).ifPresent(tables -> tables.forEach(this::section));
        facts.settings().map(HostTables::settings).ifPresent(tables -> tables.forEach(this::section));
        printFindings(result.hostFindings(), options.verbose());
        SharedFindings shared =
                options.verbose() ? SharedFindings.none() : SharedFindings.of(result.findings(), options);
        for (DomainFacts domain : facts.domains()) {
            out.println();
            printDomain(domain, result.findingsFor(domain.name()), shared);
        }
        List<String> several = shared.lines(options.width());
        if (!several.isEmpty()) {
            out.println();
            several.forEach(out::println);
        }
        out.println();
        printSummary(result);
        WrappedText.lines("Next: ", NextStep.of(result), options.width()).forEach(out::println);
    }

    private void section(TextTable table) {
        if (!table.isEmpty()) {
            out.println();
            table.render("  ", options.width()).forEach(out::println);
        }
    }

    private void printDomain(DomainFacts domain, List<Finding> findings, SharedFindings shared) {
        out.println(domain.name() + "  " + describe(domain));
        // Too wide for the width, the source is shortened first; then the driver settings go, which
        // the findings below state where they matter.
        TextTable disks = new TextTable(
                        "DISK",
                        "DEVICE",
                        "BUS",
                        "SOURCE",
                        "FORMAT",
                        "SIZE",
                        "ALLOCATED",
                        "CACHE",
                        "IO",
                        "DISCARD",
                        "IOTHREAD",
                        "ACTION")
                .elastic("SOURCE", 24)
                .optional("DISCARD", "IOTHREAD", "IO", "CACHE", "DEVICE", "ALLOCATED");
        for (DiskFacts disk : domain.disks()) {
            DiskView view = disk.view();
            disks.row(
                    view.targetDev(),
                    view.device(),
                    view.targetBus().orElse("-"),
                    source(view),
                    disk.image().map(i -> i.format()).or(view::format).orElse("-"),
                    disk.image()
                            .map(i -> Bytes.format(i.virtualSizeBytes()))
                            .or(() -> disk.logicalVolume().map(lv -> Bytes.format(lv.sizeBytes())))
                            .orElse("-"),
                    disk.image().map(i -> Bytes.format(i.allocatedBytes())).orElse("-"),
                    view.cache().orElse("default"),
                    view.io().orElse("default"),
                    view.discard().orElse("-"),
                    iothreads(view),
                    action(disk, findings));
        }
        if (!disks.isEmpty()) {
            disks.render("  ", options.width()).forEach(out::println);
        }
        printFindings(
                findings.stream().filter(finding -> !shared.covers(finding)).toList(), options.verbose());
    }

    private static String describe(DomainFacts domain) {
        StringBuilder text = new StringBuilder(domain.state().label());
        domain.xml().ifPresent(xml -> text.append(details(xml)));
        return text.toString();
    }

    private static String details(DomainXml xml) {
        return (xml.os().isWindows() ? ", Windows" : "")
                + ", " + xml.vcpus() + " vCPU"
                + (xml.memoryKiB().isPresent()
                        ? ", " + Bytes.format(xml.memoryKiB().getAsLong() * 1024)
                        : "")
                + ", " + xml.iothreads().count() + " IOThread(s)"
                + (xml.memoryBacking().hasHugepages() ? ", hugepages" : "");
    }

    private static String source(DiskView view) {
        return view.sourcePath()
                .or(() -> view.sourceProtocol()
                        .map(protocol -> protocol + ":" + view.sourceName().orElse("")))
                .orElse("(none)");
    }

    private static String action(DiskFacts disk, List<Finding> domainFindings) {
        if (disk.problem().isPresent()) {
            return "unreadable";
        }
        return switch (disk.verdict().role()) {
            case MOVE_DATA -> "move to LV";
            case RETUNE -> tuned(disk, domainFindings) ? UNCHANGED : "retune";
            case LEAVE_ALONE -> "leave alone";
        };
    }

    /**
     * A disk the recipe retunes that no rule finds a gap on is tuned already: the plan leaves it
     * unchanged, and says so with the same word.
     */
    private static boolean tuned(DiskFacts disk, List<Finding> domainFindings) {
        return disk.verdict().role() == DiskRole.RETUNE
                && disk.problem().isEmpty()
                && domainFindings.stream()
                        .noneMatch(finding ->
                                finding.disk().filter(disk.target()::equals).isPresent());
    }

    private void printFindings(List<Finding> findings, boolean evidence) {
        FindingLines.of(findings, evidence, options).forEach(out::println);
    }

    private void printSummary(InspectResult result) {
        HostFacts facts = result.facts();
        long running =
                facts.domains().stream().filter(d -> !d.state().isShutOff()).count();
        long disks = facts.domains().stream().mapToLong(d -> d.disks().size()).sum();
        long unchanged = facts.domains().stream()
                .mapToLong(d -> d.disks().stream()
                        .filter(disk -> tuned(disk, result.findingsFor(d.name())))
                        .count())
                .sum();
        String summary = String.format(
                Locale.ROOT,
                "%d domain(s) (%d not shut off), %d disk(s): %d to move to LVM, %d to retune, %d %s, %d left alone;"
                        + " %d error(s), %d warning(s), %d note(s)%s%s",
                facts.domains().size(),
                running,
                disks,
                result.diskCount(DiskRole.MOVE_DATA),
                result.diskCount(DiskRole.RETUNE) - unchanged,
                unchanged,
                UNCHANGED,
                result.diskCount(DiskRole.LEAVE_ALONE),
                result.findingCount(Severity.ERROR),
                result.findingCount(Severity.WARNING),
                result.findingCount(Severity.INFO),
                hidden(),
                result.incomplete() ? " (incomplete: some parts could not be read)" : "");
        WrappedText.lines("Summary: ", summary, options.width()).forEach(out::println);
    }

    private String hidden() {
        String threshold = options.threshold().label();
        return options.shows(Severity.INFO)
                ? ""
                : " (findings below " + threshold + " not shown: --severity " + threshold + ")";
    }

    /** The disk's IOThread, or the IOThreads its queues are spread over ("1,2,3,4"). */
    private static String iothreads(DiskView view) {
        return view.queueIothreads().isEmpty()
                ? text(view.iothread())
                : view.queueIothreads().stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(","));
    }

    private static String text(OptionalInt value) {
        return value.isPresent() ? Integer.toString(value.getAsInt()) : "-";
    }
}

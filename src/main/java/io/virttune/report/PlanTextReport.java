package io.virttune.report;

import io.virttune.plan.ConvertImage;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DiskPlan;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.Step;
import io.virttune.plan.ThinPoolNeed;
import io.virttune.text.Bytes;
import io.virttune.text.WrappedText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The human summary of a plan: per domain its disks from and to, its steps, its warnings; fitted
 * to {@code width} columns (0: no limit), the disk table's FROM shortened and the prose wrapped.
 */
public final class PlanTextReport {
    private final PrintWriter out;
    private final boolean diffs;
    private final int width;

    public PlanTextReport(PrintWriter out, boolean diffs) {
        this(out, diffs, 0);
    }

    public PlanTextReport(PrintWriter out, boolean diffs, int width) {
        this.out = out;
        this.diffs = diffs;
        this.width = width;
    }

    private void line(String prefix, String text) {
        WrappedText.lines(prefix, text, width).forEach(out::println);
    }

    public void print(Plan plan) {
        out.println("Plan for " + plan.hostname() + "  (" + plan.uri() + ")");
        out.println("  target: " + plan.target().describe() + "; cache=" + plan.cacheMode()
                + String.format(Locale.ROOT, "; reserve %.0f%% of the VG", plan.reserveFraction() * 100));
        plan.assumptions().forEach(text -> line("  assumed: ", text));
        plan.warnings().forEach(text -> line("  warning: ", text));
        plan.hostSteps().forEach(step -> line("  host step: ", step.describe()));
        for (DomainPlan domain : plan.domains()) {
            out.println();
            printDomain(domain);
        }
        out.println();
        line("", summary(plan));
        if (plan.schedule() != null) {
            out.println();
            ScheduleText.lines(plan.schedule(), width).forEach(out::println);
        }
    }

    private void printDomain(DomainPlan domain) {
        // The domain's state in brackets and apart, so that an outcome never reads as a state.
        out.println(domain.name() + "  " + outcome(domain.outcome()) + "  [domain " + domain.state() + "]");
        domain.reasons().forEach(reason -> line("  blocked: ", reason));
        if (domain.virtioDriver() != null) {
            line("  virtio driver: ", domain.virtioDriver());
        }
        if (domain.outcome() != DomainOutcome.STOPPED) {
            diskTable(domain.disks()).render("  ", width).forEach(out::println);
            for (DiskPlan disk : domain.disks()) {
                if (explained(disk)) {
                    line("    " + disk.target() + ": ", disk.reason());
                }
                disk.changes().forEach(change -> line("    " + disk.target() + ": ", change));
            }
        }
        List<Step> steps = domain.steps();
        for (int i = 0; i < steps.size(); i++) {
            line(String.format(Locale.ROOT, "  %2d. ", i + 1), steps.get(i).describe());
        }
        domain.warnings().forEach(warning -> line("  ! ", warning));
        if (diffs && !domain.diff().isEmpty()) {
            domain.diff().lines().forEach(line -> out.println("  " + line));
        }
    }

    /** The disks from and to; with what each was counted for in the thin pool, when a disk was. */
    private static TextTable diskTable(List<DiskPlan> disks) {
        boolean pool = disks.stream().anyMatch(disk -> disk.thinPoolNeed() != null);
        List<String> header = new ArrayList<>(List.of("DISK", "ACTION", "FROM", "TO", "SIZE"));
        if (pool) {
            header.add("IN POOL");
        }
        // Too wide, FROM (an image's path) is shortened in its middle; then IN POOL, SIZE are left out.
        TextTable table = new TextTable(header.toArray(String[]::new)).elastic("FROM", 24);
        if (pool) {
            table.optional("IN POOL", "SIZE");
        } else {
            table.optional("SIZE");
        }
        for (DiskPlan disk : disks) {
            boolean renamed = disk.newTarget() != null && !disk.newTarget().equals(disk.target());
            boolean explained = explained(disk);
            List<String> cells = new ArrayList<>(List.of(
                    disk.target() + (renamed ? " -> " + disk.newTarget() : ""),
                    disk.action(),
                    disk.source() == null ? "-" : disk.source(),
                    explained ? "(see below)" : disk.destination() == null ? "(in place)" : disk.destination(),
                    disk.sizeBytes() > 0 ? Bytes.format(disk.sizeBytes()) : "-"));
            if (pool) {
                cells.add(disk.thinPoolNeed() == null ? "-" : inPool(disk.thinPoolNeed()));
            }
            table.row(cells.toArray(String[]::new));
        }
        return table;
    }

    /** A disk left alone or removed says why on a line of its own, which wraps, rather than in a cell. */
    private static boolean explained(DiskPlan disk) {
        return disk.action().equals("leave") || disk.action().equals("remove");
    }

    private static String inPool(ThinPoolNeed need) {
        return Bytes.format(need.bytes())
                + (need.inChunks() ? " in " + Bytes.format(need.chunkSizeBytes()) + " chunks" : " allocated");
    }

    private static String outcome(DomainOutcome outcome) {
        return switch (outcome) {
            case MIGRATE -> "MIGRATE: data moves to new LVs";
            case RETUNE -> "RETUNE: settings only, no data moves";
            case STAGE -> "STAGE: Windows VirtIO driver first";
            case UNCHANGED -> "UNCHANGED: nothing to change";
            case STOPPED -> "BLOCKED: not planned";
        };
    }

    private static String summary(Plan plan) {
        long volumes = plan.domains().stream()
                .flatMap(d -> d.steps().stream())
                .filter(s -> s instanceof CreateVolume)
                .count();
        List<ConvertImage> copies = plan.domains().stream()
                .flatMap(d -> d.steps().stream())
                .filter(s -> s instanceof ConvertImage)
                .map(s -> (ConvertImage) s)
                .toList();
        return String.format(
                        Locale.ROOT,
                        "Summary: %d domain(s): %d migrate, %d retune, %d staged, %d unchanged, %d blocked; %d new LV(s);"
                                + " %d image(s) to copy, %s allocated of %s virtual",
                        plan.domains().size(),
                        count(plan, DomainOutcome.MIGRATE),
                        count(plan, DomainOutcome.RETUNE),
                        count(plan, DomainOutcome.STAGE),
                        count(plan, DomainOutcome.UNCHANGED),
                        count(plan, DomainOutcome.STOPPED),
                        volumes,
                        copies.size(),
                        Bytes.format(copies.stream()
                                .mapToLong(ConvertImage::allocatedBytes)
                                .sum()),
                        Bytes.format(copies.stream()
                                .mapToLong(ConvertImage::virtualSizeBytes)
                                .sum()))
                + countedInPool(plan);
    }

    private static String countedInPool(Plan plan) {
        List<ThinPoolNeed> needs = plan.domains().stream()
                .filter(d -> d.outcome() != DomainOutcome.STOPPED)
                .flatMap(d -> d.disks().stream())
                .map(DiskPlan::thinPoolNeed)
                .filter(Objects::nonNull)
                .toList();
        return needs.isEmpty()
                ? ""
                : ", "
                        + Bytes.format(
                                needs.stream().mapToLong(ThinPoolNeed::bytes).sum()) + " counted in thin pool "
                        + plan.target().pool();
    }

    private static long count(Plan plan, DomainOutcome outcome) {
        return plan.domains().stream().filter(d -> d.outcome() == outcome).count();
    }
}

package io.virttune.snippets;

import io.virttune.host.HostSettings;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.recipe.Recipe;
import io.virttune.text.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Settings that fight the recipe: a tuned profile that raises read-ahead, read-ahead on guest
 * LVs, the defunct elevator= parameter, thin pools with zeroing off or small chunks.
 */
final class WarningsTopic implements Topic {
    static final String FILE = "warnings.md";
    /** Profiles that are or include throughput-performance, whose [disk] plugin sets readahead=>4096. */
    private static final Set<String> READ_AHEAD_PROFILES =
            Set.of("throughput-performance", "virtual-host", "virtual-guest", "network-throughput");

    @Override
    public TopicResult render(SnippetInput input) {
        List<Warning> warnings = new ArrayList<>();
        input.tuning().tunedProfile().ifPresent(profile -> warnings.add(tuned(profile)));
        readAhead(input).ifPresent(warnings::add);
        input.facts()
                .settings()
                .map(HostSettings::kernelCommandLine)
                .flatMap(commandLine -> commandLine.value("elevator"))
                .ifPresent(elevator -> warnings.add(new Warning(
                        "elevator= on the kernel command line",
                        "elevator=" + elevator,
                        "blk-mq kernels ignore it (the legacy schedulers and the parameter were removed in Linux 5.0);"
                                + " remove it from /etc/default/grub and use " + SchedulerTopic.FILE + ".")));
        input.facts().lvm().map(LvmReport::logicalVolumes).orElse(List.of()).stream()
                .filter(LogicalVolume::isThinPool)
                .forEach(pool -> warnings.addAll(thinPool(pool)));
        String text = Template.load("files/" + FILE)
                .render(Map.of(
                        "host",
                        input.facts().identity().hostname(),
                        "warnings",
                        warnings.isEmpty()
                                ? "No setting on this host fights the recipe."
                                : warnings.stream().map(Warning::markdown).collect(Collectors.joining("\n\n"))));
        return new TopicResult(
                "Warnings",
                List.of(new Snippet(FILE, warnings.size() + " setting(s) that fight the recipe", text)),
                warnings.stream().map(Warning::title).toList(),
                "");
    }

    private static Warning tuned(String profile) {
        String seen = "tuned profile " + profile + " is active (/etc/tuned/active_profile)";
        if (READ_AHEAD_PROFILES.contains(profile)) {
            return new Warning(
                    "tuned raises read-ahead",
                    seen + "; it is or includes throughput-performance,"
                            + " whose [disk] plugin sets readahead=>4096 on the disks it manages",
                    "keep the profile's other settings in a child profile without the disk plugin:"
                            + " /etc/tuned/virt-tune/tuned.conf with `[main]` `include=" + profile + "` and `[disk]`"
                            + " `enabled=false`, then `tuned-adm profile virt-tune`; check `blockdev --getra` on"
                            + " the guest LVs stays 0. Revert: `tuned-adm profile " + profile + "`.");
        }
        return new Warning(
                "tuned may set read-ahead",
                seen,
                "check that its [disk] section sets no readahead (`tuned-adm profile_info " + profile
                        + "`); the recipe wants 0 on guest LVs (`blockdev --getra`).");
    }

    private static Optional<Warning> readAhead(SnippetInput input) {
        List<GuestVolume> reading = GuestVolumes.of(input.facts()).stream()
                .filter(GuestVolume::readsAhead)
                .toList();
        if (reading.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Warning(
                "read-ahead on guest LVs",
                reading.stream()
                        .map(volume -> volume.qualifiedName() + " (" + volume.readAhead() + ")")
                        .collect(Collectors.joining(", ")),
                "lvchange -r 0 for each (section 3 of " + LvmTopic.COMMANDS_FILE + "); revert: lvchange -r auto."));
    }

    private static List<Warning> thinPool(LogicalVolume pool) {
        String name = pool.volumeName().toString();
        List<Warning> warnings = new ArrayList<>();
        if (pool.zeroing().equals(Optional.of(false))) {
            warnings.add(new Warning(
                    "thin pool " + name + " does not zero new chunks",
                    "zeroing off (created with -Zn or thin_pool_zero = 0)",
                    "fast, and fine when every guest belongs to one customer; with several customers a"
                            + " partially written new chunk can show a previous tenant's deleted data:"
                            + " `lvchange -Zy " + name + "` (revert: `lvchange -Zn " + name + "`)."));
        }
        if (pool.chunkSizeBytes() > 0 && pool.chunkSizeBytes() != Recipe.THIN_CHUNK_BYTES) {
            warnings.add(new Warning(
                    "thin pool " + name + " has " + Bytes.format(pool.chunkSizeBytes()) + " chunks",
                    "chunk_size=" + pool.chunkSizeBytes(),
                    "a pool's chunk size is fixed at creation: the lvmlocal.conf default applies to new pools;"
                            + " move guests to a new pool with 4 MiB chunks when convenient."));
        }
        return warnings;
    }
}

package io.virttune.snippets;

import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeGroup;
import io.virttune.recipe.Recipe;
import io.virttune.text.Bytes;
import io.virttune.text.ShellWords;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * LVM for guest disks: thin-pool defaults for lvmlocal.conf (fast and multi-tenant variants, rule
 * 8), vgcreate and thin-pool commands, and read-ahead off on the LVs behind domain disks.
 */
final class LvmTopic implements Topic {
    static final String FAST_FILE = "lvmlocal-fast.conf";
    static final String SAFE_FILE = "lvmlocal-multi-tenant.conf";
    /**
     * The thin pools' zeroing as a host's variable: on by default; off (the source's fast profile,
     * -Zn) only for a host whose guests all belong to one customer, set in its host_vars or with -e.
     */
    private static final String ZEROING_CHOICE = "1  # 0 (-Zn, faster) only if every guest here is one customer's:"
            + " a partly written new chunk shows a previous tenant's deleted data";

    private static final String ZEROING_KEPT =
            "1  # --multi-tenant: keep 1, guests of several customers share this host";
    static final String COMMANDS_FILE = "lvm-commands.sh";
    private static final String POOL_NAME = "thinpool";

    @Override
    public TopicResult render(SnippetInput input) {
        String host = input.facts().identity().hostname();
        List<Snippet> snippets = new ArrayList<>();
        if (!input.options().multiTenant()) {
            snippets.add(new Snippet(
                    FAST_FILE,
                    "lvmlocal.conf: 4 MiB thin chunks, zeroing off (one customer per host)",
                    lvmlocal(host, "fast", "0")));
        }
        snippets.add(new Snippet(
                SAFE_FILE,
                "lvmlocal.conf: 4 MiB thin chunks, zeroing on (several customers)",
                lvmlocal(host, "multi-tenant", "1")));
        List<GuestVolume> readingAhead = GuestVolumes.of(input.facts()).stream()
                .filter(GuestVolume::readsAhead)
                .toList();
        snippets.add(new Snippet(
                COMMANDS_FILE,
                "vgcreate -s 256M, thin pools with 4 MiB chunks, lvchange -r 0 for " + readingAhead.size()
                        + " guest LV(s)",
                Template.load("files/lvm-commands.sh")
                        .render(Map.of(
                                "host", host,
                                "reserve", String.format(Locale.ROOT, "%.0f%%", 100 * Recipe.OVERPROVISION_RESERVE),
                                "zeroing",
                                        input.options().multiTenant()
                                                ? "#    Zeroing stays on (-Zy): this host serves several customers (--multi-tenant)."
                                                : "#    -Zn is the fast choice for one customer per host; with several customers use -Zy.",
                                "thin_pools", Lines.prefixed("#    ", thinPools(input)),
                                "read_ahead_count", String.valueOf(readingAhead.size()),
                                "read_ahead", readAhead(readingAhead)))));
        Map<String, String> variables = new LinkedHashMap<>();
        variables.put(
                "virt_tune_guest_lvs",
                readingAhead.stream()
                        .map(volume -> "\"" + volume.qualifiedName() + "\"")
                        .collect(Collectors.joining(", ", "[", "]")));
        variables.put("virt_tune_thin_pool_zero", input.options().multiTenant() ? ZEROING_KEPT : ZEROING_CHOICE);
        return new TopicResult("LVM", snippets, notes(input, readingAhead), ansible(), variables);
    }

    private static String lvmlocal(String host, String variant, String zero) {
        String why = Template.load("files/lvmlocal-variant-" + variant + ".txt").render(Map.of());
        return Template.load("files/lvmlocal.conf")
                .render(Map.of(
                        "host",
                        host,
                        "variant",
                        why.stripTrailing(),
                        "allocation",
                        allocation(zero).stripTrailing()));
    }

    private static String allocation(String zero) {
        return Template.load("files/lvm-allocation.conf").render(Map.of("zero", zero));
    }

    private static List<String> thinPools(SnippetInput input) {
        Optional<LvmReport> lvm = input.facts().lvm();
        if (lvm.isEmpty() || lvm.get().volumeGroups().isEmpty()) {
            return List.of("(no volume group on this host)");
        }
        List<String> lines = new ArrayList<>();
        for (VolumeGroup vg : lvm.get().volumeGroups()) {
            lines.add(ThinPoolProposal.of(vg)
                    .map(pool -> pool.command(
                            poolName(lvm.get(), vg), input.options().multiTenant()))
                    .orElse(vg.name() + ": no room for a new pool beyond the reserve (" + Bytes.format(vg.freeBytes())
                            + " free of " + Bytes.format(vg.sizeBytes()) + ")"));
        }
        return lines;
    }

    private static String poolName(LvmReport lvm, VolumeGroup vg) {
        String name = POOL_NAME;
        for (int suffix = 1; lvm.logicalVolume(vg.name(), name).isPresent(); suffix++) {
            name = POOL_NAME + suffix;
        }
        return name;
    }

    private static String readAhead(List<GuestVolume> volumes) {
        if (volumes.isEmpty()) {
            return "# Every LV that backs a domain disk already has read-ahead 0.";
        }
        return volumes.stream()
                .map(volume -> {
                    String name = ShellWords.quote(volume.qualifiedName());
                    return "# " + String.join(", ", volume.disks()) + "; now " + volume.readAhead()
                            + "; revert: lvchange -r auto " + name + "\nlvchange -r 0 " + name;
                })
                .collect(Collectors.joining("\n"));
    }

    private static List<String> notes(SnippetInput input, List<GuestVolume> readingAhead) {
        List<String> notes = new ArrayList<>();
        notes.add(
                input.options().multiTenant()
                        ? "Thin pools: zeroing stays on (--multi-tenant), 4 MiB chunks."
                        : "Thin pools: two variants, " + FAST_FILE + " (zeroing off, one customer) and " + SAFE_FILE
                                + " (zeroing on, several customers); pick one.");
        notes.add(readingAhead.size() + " LV(s) behind domain disks read ahead: "
                + readingAhead.stream().map(GuestVolume::qualifiedName).collect(Collectors.joining(", "))
                + (readingAhead.isEmpty() ? "none" : ""));
        return notes;
    }

    /** The thin-pool defaults, and read-ahead off on the LVs of virt_tune_guest_lvs (none, on a host with none). */
    private static String ansible() {
        String allocation = Lines.prefixed(
                "          ",
                allocation("{{ virt_tune_thin_pool_zero }}").lines().toList());
        return Template.load("ansible/lvm.yml").render(Map.of("allocation", allocation)) + "\n"
                + Template.load("ansible/lvm-read-ahead.yml").render(Map.of());
    }
}

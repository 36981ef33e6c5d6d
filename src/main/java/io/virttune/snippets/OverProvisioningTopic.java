package io.virttune.snippets;

import io.virttune.host.BlockDevice;
import io.virttune.host.HostSettings;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeGroup;
import io.virttune.text.Bytes;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How much of each SSD and volume group to leave unallocated, from the host's numbers. */
final class OverProvisioningTopic implements Topic {
    static final String FILE = "over-provisioning.md";
    private static final double CONSUMER = 0.07;
    private static final double SERVER = 0.30;

    @Override
    public TopicResult render(SnippetInput input) {
        List<VolumeGroup> vgs = input.facts().lvm().map(LvmReport::volumeGroups).orElse(List.of());
        MarkdownTable vgTable = new MarkdownTable("VG", "size", "free", "free %", "7% is", "30% is", "verdict");
        vgs.stream()
                .filter(vg -> vg.sizeBytes() > 0)
                .forEach(vg -> vgTable.row(
                        vg.name(),
                        Bytes.format(vg.sizeBytes()),
                        Bytes.format(vg.freeBytes()),
                        percent((double) vg.freeBytes() / vg.sizeBytes()),
                        Bytes.format(share(vg.sizeBytes(), CONSUMER)),
                        Bytes.format(share(vg.sizeBytes(), SERVER)),
                        verdict(vg)));
        MarkdownTable ssdTable = new MarkdownTable("SSD", "model", "size", "leave 7%", "leave 30%");
        input.facts().settings().map(HostSettings::blockDevices).orElse(List.of()).stream()
                .filter(BlockDevice::isSsd)
                .filter(ssd -> ssd.sizeBytes().isPresent())
                .forEach(ssd -> ssdTable.row(
                        ssd.name(),
                        ssd.model().orElse("-"),
                        Bytes.format(ssd.sizeBytes().getAsLong()),
                        Bytes.format(share(ssd.sizeBytes().getAsLong(), CONSUMER)),
                        Bytes.format(share(ssd.sizeBytes().getAsLong(), SERVER))));
        String text = Template.load("files/" + FILE)
                .render(Map.of(
                        "host", input.facts().identity().hostname(),
                        "volume_groups", vgTable.isEmpty() ? "No volume group was recorded." : vgTable.render(),
                        "ssds", ssdTable.isEmpty() ? "No SSD was recorded." : ssdTable.render()));
        return new TopicResult(
                "Over-provisioning",
                List.of(new Snippet(FILE, "advice: unallocated space per VG and SSD (7% consumer, 30% server)", text)),
                vgs.stream().map(vg -> vg.name() + ": " + verdict(vg)).toList(),
                "");
    }

    private static String verdict(VolumeGroup vg) {
        long free = vg.freeBytes();
        long consumer = share(vg.sizeBytes(), CONSUMER);
        long server = share(vg.sizeBytes(), SERVER);
        if (free >= server) {
            return "meets 30%";
        }
        if (free >= consumer) {
            return "meets 7%; " + Bytes.format(server - free) + " more free for 30%";
        }
        return "below 7%: free " + Bytes.format(consumer - free) + " to reach it";
    }

    private static long share(long bytes, double fraction) {
        return (long) Math.ceil(bytes * fraction);
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}

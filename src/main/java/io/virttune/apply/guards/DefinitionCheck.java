package io.virttune.apply.guards;

import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads a definition back after defining it and lists the planned settings libvirt did not keep
 * (it silently drops what it does not understand). libvirt adds defaults (addresses,
 * controllers), so this compares what the plan set, not whole documents.
 */
public final class DefinitionCheck {
    private DefinitionCheck() {}

    public static List<String> lost(String plannedXml, String readBackXml) {
        DomainXml planned = DomainXml.parse(plannedXml, "planned definition");
        DomainXml back = DomainXml.parse(readBackXml, "definition read back");
        List<String> lost = new ArrayList<>();
        Map<String, DiskView> backDisks =
                back.disks().stream().collect(Collectors.toMap(DiskView::targetDev, Function.identity(), (a, b) -> a));
        for (DiskView disk : planned.disks()) {
            DiskView kept = backDisks.get(disk.targetDev());
            if (kept == null) {
                lost.add("disk " + disk.targetDev() + " is missing");
                continue;
            }
            compare(lost, disk, "source", disk.sourcePath(), kept.sourcePath());
            compare(lost, disk, "bus", disk.targetBus(), kept.targetBus());
            compare(lost, disk, "format", disk.format(), kept.format());
            compare(lost, disk, "cache", disk.cache(), kept.cache());
            compare(lost, disk, "io", disk.io(), kept.io());
            compare(lost, disk, "discard", disk.discard(), kept.discard());
            compare(lost, disk, "detect_zeroes", disk.detectZeroes(), kept.detectZeroes());
            compare(lost, disk, "iothread", disk.iothread(), kept.iothread());
        }
        if (back.iothreads().count() < planned.iothreads().count()) {
            lost.add("iothreads " + planned.iothreads().count() + " became "
                    + back.iothreads().count());
        }
        if (planned.memoryBacking().hasHugepages() && !back.memoryBacking().hasHugepages()) {
            lost.add("hugepages memory backing is missing");
        }
        return lost;
    }

    private static void compare(List<String> lost, DiskView disk, String what, Object planned, Object kept) {
        if (!Objects.equals(planned, kept)) {
            lost.add("disk " + disk.targetDev() + " " + what + ": planned " + planned + ", libvirt kept " + kept);
        }
    }
}

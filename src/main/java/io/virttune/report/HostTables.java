package io.virttune.report;

import io.virttune.host.BlockDevice;
import io.virttune.host.HostSettings;
import io.virttune.host.HugepagePool;
import io.virttune.host.IoScheduler;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.text.Bytes;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/** The inspect report's tables of a host: its volume groups and thin pools, its block devices and hugepages. */
final class HostTables {
    private HostTables() {}

    /** The volume groups, then the thin pools. */
    static List<TextTable> lvm(LvmReport lvm) {
        TextTable groups = new TextTable("VOLUME GROUP", "EXTENT", "SIZE", "FREE");
        lvm.volumeGroups()
                .forEach(vg -> groups.row(
                        vg.name(),
                        Bytes.format(vg.extentSizeBytes()),
                        Bytes.format(vg.sizeBytes()),
                        Bytes.format(vg.freeBytes()) + percent(vg.freeBytes(), vg.sizeBytes())));
        TextTable pools = new TextTable("THIN POOL", "SIZE", "CHUNK", "ZEROING", "DATA", "METADATA");
        lvm.logicalVolumes().stream()
                .filter(LogicalVolume::isThinPool)
                .forEach(pool -> pools.row(
                        pool.volumeName().toString(),
                        Bytes.format(pool.sizeBytes()),
                        Bytes.format(pool.chunkSizeBytes()),
                        pool.zeroing().map(on -> on ? "on" : "off").orElse("?"),
                        percent(pool.dataPercent()),
                        percent(pool.metadataPercent())));
        return List.of(groups, pools);
    }

    /** The block devices, then the hugepage pools. */
    static List<TextTable> settings(HostSettings settings) {
        TextTable devices = new TextTable("BLOCK DEVICE", "KIND", "SIZE", "SCHEDULER", "READ-AHEAD", "DISCARD", "MODEL")
                .elastic("MODEL", 12)
                .optional("DISCARD", "READ-AHEAD");
        // Device-mapper and md devices carry the queue settings of the LVs on them, not of disks.
        for (BlockDevice device :
                settings.blockDevices().stream().filter(d -> !d.virtual()).toList()) {
            devices.row(
                    device.name(),
                    kind(device),
                    device.sizeBytes().isPresent()
                            ? Bytes.format(device.sizeBytes().getAsLong())
                            : "?",
                    device.scheduler().map(IoScheduler::active).orElse("?"),
                    device.readAheadKiB().isPresent() ? device.readAheadKiB().getAsLong() + " KiB" : "?",
                    device.supportsDiscard() ? "yes" : "no",
                    device.model().orElse("-"));
        }
        // The kernel's "reserved" pages are promised to mappings but not yet touched: not available.
        TextTable pages = new TextTable("HUGEPAGES", "TOTAL", "FREE", "PROMISED", "AVAILABLE");
        settings.hugepagePools().stream()
                .filter(HugepagePool::isSystemWide)
                .forEach(pool -> pages.row(
                        Bytes.format(pool.pageSizeKiB() * 1024),
                        Long.toString(pool.total()),
                        Long.toString(pool.free()),
                        Long.toString(pool.reserved()),
                        Long.toString(pool.available())));
        return List.of(devices, pages);
    }

    private static String kind(BlockDevice device) {
        if (device.isSsd()) {
            return "ssd";
        }
        return device.rotational()
                .filter(rotational -> rotational)
                .map(rotational -> "hdd")
                .orElse("?");
    }

    private static String percent(long part, long whole) {
        return whole == 0 ? "" : String.format(Locale.ROOT, " (%.1f%%)", 100.0 * part / whole);
    }

    private static String percent(OptionalDouble value) {
        return value.isPresent() ? String.format(Locale.ROOT, "%.1f%%", value.getAsDouble()) : "-";
    }
}

package io.virttune.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.host.HostSettings;
import io.virttune.host.IoScheduler;
import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.ImageFacts;
import io.virttune.inspect.InspectResult;
import io.virttune.inspect.Severity;
import io.virttune.libvirt.EmulatorCapabilities;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.recipe.DiskRole;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** The inspect report as JSON, schema {@code virt-tune/inspect} 1, built field by field so it changes only on purpose. */
public final class InspectJsonReport {
    public static final String SCHEMA = "virt-tune/inspect";
    public static final int VERSION = 1;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private InspectJsonReport() {}

    /** The report as a tree: printed by inspect, and a host's section of the fleet's report. */
    public static ObjectNode document(InspectResult result) {
        ObjectNode root = NODES.objectNode();
        root.put("schema", SCHEMA);
        root.put("version", VERSION);
        root.set("host", host(result.facts()));
        ArrayNode domains = root.putArray("domains");
        result.facts().domains().forEach(domain -> domains.add(domain(domain)));
        ArrayNode findings = root.putArray("findings");
        result.findings().forEach(finding -> findings.add(finding(finding)));
        root.set("summary", summary(result));
        return root;
    }

    private static ObjectNode host(HostFacts facts) {
        ObjectNode host = NODES.objectNode();
        host.put("uri", facts.identity().uri());
        host.put("hostname", facts.identity().hostname());
        host.put("libvirtVersion", facts.identity().libvirtVersion());
        host.put("hypervisorVersion", facts.identity().hypervisorVersion());
        ArrayNode problems = host.putArray("problems");
        facts.problems().forEach(problems::add);
        ArrayNode emulators = host.putArray("emulators");
        facts.emulators().forEach(emulator -> emulators.add(emulator(emulator)));
        facts.settings().ifPresent(settings -> settings(host, settings));
        facts.lvm().ifPresent(lvm -> host.set("lvm", lvm(lvm)));
        return host;
    }

    private static ObjectNode emulator(EmulatorCapabilities emulator) {
        ObjectNode node = NODES.objectNode();
        node.put("emulator", emulator.query().emulator());
        node.put("virtType", emulator.query().virtType());
        node.put("arch", emulator.query().arch());
        node.put(
                "machine", emulator.query().machine() != null ? emulator.query().machine() : emulator.machine());
        if (!emulator.read()) {
            node.put("problem", emulator.problem());
            return node;
        }
        node.put("iothreads", emulator.iothreads());
        emulator.diskBuses().forEach(node.putArray("diskBuses")::add);
        emulator.memoryBackings().forEach(node.putArray("memoryBackings")::add);
        return node;
    }

    private static void settings(ObjectNode host, HostSettings settings) {
        host.put("kernelCommandLine", settings.kernelCommandLine().raw());
        host.put("kernelRelease", settings.kernelRelease().orElse(null));
        putKiB(host, "memTotalBytes", settings.memTotalKiB());
        ArrayNode pages = host.putArray("hugepages");
        settings.hugepagePools().forEach(pool -> {
            ObjectNode node = pages.addObject();
            node.put("pageSizeBytes", pool.pageSizeKiB() * 1024);
            put(node, "numaNode", pool.numaNode());
            node.put("total", pool.total());
            node.put("free", pool.free());
            node.put("reserved", pool.reserved());
        });
        ArrayNode devices = host.putArray("blockDevices");
        settings.blockDevices().forEach(device -> {
            ObjectNode node = devices.addObject();
            node.put("name", device.name());
            node.put("virtual", device.virtual());
            put(node, "sizeBytes", device.sizeBytes());
            node.put("rotational", device.rotational().orElse(null));
            node.put("ssd", device.isSsd());
            node.put("scheduler", device.scheduler().map(IoScheduler::active).orElse(null));
            put(node, "readAheadKiB", device.readAheadKiB());
            node.put("discard", device.supportsDiscard());
            node.put("model", device.model().orElse(null));
        });
    }

    private static ObjectNode lvm(LvmReport lvm) {
        ObjectNode node = NODES.objectNode();
        ArrayNode groups = node.putArray("volumeGroups");
        lvm.volumeGroups().forEach(vg -> {
            ObjectNode group = groups.addObject();
            group.put("name", vg.name());
            group.put("extentSizeBytes", vg.extentSizeBytes());
            group.put("sizeBytes", vg.sizeBytes());
            group.put("freeBytes", vg.freeBytes());
        });
        ArrayNode volumes = node.putArray("logicalVolumes");
        lvm.logicalVolumes().forEach(lv -> volumes.add(logicalVolume(lv)));
        return node;
    }

    private static ObjectNode logicalVolume(LogicalVolume lv) {
        ObjectNode node = NODES.objectNode();
        node.put("vg", lv.vgName());
        node.put("name", lv.name());
        node.put("sizeBytes", lv.sizeBytes());
        node.put("segmentType", lv.segmentType());
        node.put(
                "readAheadBytes",
                lv.readAheadBytes().isPresent() ? lv.readAheadBytes().getAsLong() : null);
        node.put("pool", lv.poolName().orElse(null));
        if (lv.isThinPool()) {
            node.put("chunkSizeBytes", lv.chunkSizeBytes());
            node.put("zeroing", lv.zeroing().orElse(null));
            put(node, "dataPercent", lv.dataPercent());
            put(node, "metadataPercent", lv.metadataPercent());
        } else if (lv.isThin()) {
            put(node, "dataPercent", lv.dataPercent());
        }
        return node;
    }

    private static ObjectNode domain(DomainFacts domain) {
        ObjectNode node = NODES.objectNode();
        node.put("name", domain.name());
        node.put("state", domain.state().label());
        node.put("problem", domain.problem().orElse(null));
        domain.xml().ifPresent(xml -> describe(node, xml));
        ArrayNode disks = node.putArray("disks");
        domain.disks().forEach(disk -> disks.add(disk(disk)));
        return node;
    }

    private static void describe(ObjectNode node, DomainXml xml) {
        node.put("uuid", xml.uuid().orElse(null));
        node.put("windows", xml.os().isWindows());
        node.put("vcpus", xml.vcpus());
        putKiB(node, "memoryBytes", xml.memoryKiB());
        node.put("iothreads", xml.iothreads().count());
        node.put("hugepages", xml.memoryBacking().hasHugepages());
    }

    private static ObjectNode disk(DiskFacts disk) {
        DiskView view = disk.view();
        ObjectNode node = NODES.objectNode();
        node.put("target", view.targetDev());
        node.put("device", view.device());
        node.put("type", view.type());
        node.put("bus", view.targetBus().orElse(null));
        node.put("source", view.sourcePath().orElse(null));
        node.put("protocol", view.sourceProtocol().orElse(null));
        node.put("format", view.format().orElse(null));
        node.put("cache", view.cache().orElse(null));
        node.put("io", view.io().orElse(null));
        node.put("discard", view.discard().orElse(null));
        put(node, "iothread", view.iothread());
        put(node, "bootOrder", view.bootOrder());
        node.put("role", role(disk.verdict().role()));
        node.put("reasonId", disk.verdict().reasonId().orElse(null));
        node.put("reason", disk.verdict().reason().orElse(null));
        node.put("problem", disk.problem().orElse(null));
        disk.image().ifPresent(image -> node.set("image", image(image)));
        disk.logicalVolume()
                .ifPresent(lv -> node.put("logicalVolume", lv.volumeName().toString()));
        return node;
    }

    private static ObjectNode image(ImageFacts image) {
        ObjectNode node = NODES.objectNode();
        node.put("path", image.path());
        node.put("format", image.format());
        node.put("virtualSizeBytes", image.virtualSizeBytes());
        node.put("allocatedBytes", image.allocatedBytes());
        ArrayNode chain = node.putArray("backingChain");
        image.backingChain().forEach(chain::add);
        node.put("encrypted", image.encrypted());
        put(node, "internalSnapshots", image.internalSnapshots());
        node.put("readFrom", image.readFrom());
        return node;
    }

    private static ObjectNode finding(Finding finding) {
        ObjectNode node = NODES.objectNode();
        node.put("ruleId", finding.ruleId());
        node.put("severity", finding.severity().label());
        node.put("domain", finding.domain().orElse(null));
        node.put("disk", finding.disk().orElse(null));
        node.put("summary", finding.summary());
        node.put("evidence", finding.evidence());
        node.put("fix", finding.fix());
        return node;
    }

    private static ObjectNode summary(InspectResult result) {
        ObjectNode node = NODES.objectNode();
        node.put("domains", result.facts().domains().size());
        node.put("disksToMove", result.diskCount(DiskRole.MOVE_DATA));
        node.put("disksToRetune", result.diskCount(DiskRole.RETUNE));
        node.put("disksLeftAlone", result.diskCount(DiskRole.LEAVE_ALONE));
        for (Severity severity : Severity.values()) {
            node.put(severity.label() + "s", result.findingCount(severity));
        }
        node.put("complete", !result.incomplete());
        return node;
    }

    private static String role(DiskRole role) {
        return role.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static void put(ObjectNode node, String field, OptionalInt value) {
        node.put(field, value.isPresent() ? value.getAsInt() : null);
    }

    private static void put(ObjectNode node, String field, OptionalLong value) {
        node.put(field, value.isPresent() ? value.getAsLong() : null);
    }

    private static void putKiB(ObjectNode node, String field, OptionalLong kib) {
        node.put(field, kib.isPresent() ? kib.getAsLong() * 1024 : null);
    }

    private static void put(ObjectNode node, String field, OptionalDouble value) {
        node.put(field, value.isPresent() ? value.getAsDouble() : null);
    }
}

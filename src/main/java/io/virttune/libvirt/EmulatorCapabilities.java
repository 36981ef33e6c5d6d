package io.virttune.libvirt;

import io.virttune.xml.SafeXml;
import java.util.List;
import java.util.Optional;
import org.jdom2.Element;

/**
 * What libvirt's domain capabilities say one emulator can run, for the levers virt-tune pulls:
 * IOThreads, the disk buses, the memory backings (hugepages need {@code file} or {@code memfd});
 * or why they could not be read ({@code problem}), like a KVM domain on a host without KVM.
 */
public record EmulatorCapabilities(
        EmulatorQuery query,
        String machine,
        boolean iothreads,
        List<String> diskBuses,
        List<String> memoryBackings,
        String problem) {

    public EmulatorCapabilities {
        diskBuses = List.copyOf(diskBuses);
        memoryBackings = List.copyOf(memoryBackings);
    }

    /** Reads {@code virsh domcapabilities}' XML, as libvirt answered {@code query}. */
    public static EmulatorCapabilities parse(EmulatorQuery query, String xml) {
        Element root = SafeXml.parse(xml, "libvirt's domain capabilities of " + query.words())
                .getRootElement();
        Element iothreads = root.getChild("iothreads");
        Optional<Element> devices = Optional.ofNullable(root.getChild("devices"));
        return new EmulatorCapabilities(
                query,
                root.getChildTextTrim("machine"),
                iothreads != null && "yes".equals(iothreads.getAttributeValue("supported")),
                devices.map(d -> values(d.getChild("disk"), "bus")).orElse(List.of()),
                values(root.getChild("memoryBacking"), "sourceType"),
                null);
    }

    /** An emulator whose capabilities libvirt would not give, and its reason. */
    public static EmulatorCapabilities unreadable(EmulatorQuery query, String problem) {
        return new EmulatorCapabilities(query, null, false, List.of(), List.of(), problem);
    }

    /** True when libvirt answered; an unreadable emulator's levers are unknown, not missing. */
    public boolean read() {
        return problem == null;
    }

    /** The values of {@code <enum name='NAME'>} under a supported element; none when it is missing or unsupported. */
    private static List<String> values(Element parent, String name) {
        if (parent == null || !"yes".equals(parent.getAttributeValue("supported"))) {
            return List.of();
        }
        return parent.getChildren("enum").stream()
                .filter(e -> name.equals(e.getAttributeValue("name")))
                .findFirst()
                .map(e -> e.getChildren("value").stream()
                        .map(Element::getTextTrim)
                        .toList())
                .orElse(List.of());
    }
}

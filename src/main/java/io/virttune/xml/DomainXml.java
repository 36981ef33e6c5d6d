package io.virttune.xml;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.jdom2.Document;
import org.jdom2.Element;

/**
 * A libvirt domain definition: the parsed document is the truth, and the typed views handed
 * out here read and edit it in place, so that writing it back changes only what was edited.
 */
public final class DomainXml {
    /** The name of the virtio serial port the QEMU guest agent listens on. */
    public static final String GUEST_AGENT_CHANNEL = "org.qemu.guest_agent.0";

    private final Document document;
    private final String origin;

    private DomainXml(Document document, String origin) {
        this.document = document;
        this.origin = origin;
    }

    /** Parses safely and refuses any document whose root is not {@code <domain>}. */
    public static DomainXml parse(String xml, String origin) {
        Document document = SafeXml.parse(xml, origin);
        Element root = document.getRootElement();
        if (!root.getName().equals("domain") || !root.getNamespaceURI().isEmpty()) {
            throw new XmlRejectedException(
                    origin + ": expected a libvirt <domain> definition, found <" + root.getQualifiedName() + ">");
        }
        return new DomainXml(document, origin);
    }

    public Document document() {
        return document;
    }

    public String toXml() {
        return XmlText.write(document);
    }

    public String name() {
        return Elements.childText(root(), "name")
                .orElseThrow(
                        () -> new XmlRejectedException(origin + ": the domain has no <name>; libvirt requires one"));
    }

    public Optional<String> uuid() {
        return Elements.childText(root(), "uuid");
    }

    /** The hypervisor type (domain/@type): kvm, qemu, ... */
    public String type() {
        return Elements.attribute(root(), "type")
                .orElseThrow(() -> new XmlRejectedException(origin + ": the domain has no type attribute"));
    }

    /** The emulator binary ({@code <devices><emulator>}), when the definition names one. */
    public Optional<String> emulator() {
        return Elements.child(root(), "devices")
                .flatMap(devices -> Elements.childText(devices, "emulator"))
                .filter(path -> !path.isEmpty());
    }

    /** The guest's architecture ({@code <os><type arch>}), when named. */
    public Optional<String> arch() {
        return Elements.child(root(), "os").flatMap(os -> Elements.childAttribute(os, "type", "arch"));
    }

    /** The machine type ({@code <os><type machine>}), when named. */
    public Optional<String> machine() {
        return Elements.child(root(), "os").flatMap(os -> Elements.childAttribute(os, "type", "machine"));
    }

    /** The maximum memory in KiB, empty when only NUMA cells define it. */
    public OptionalLong memoryKiB() {
        Optional<Element> memory = Elements.child(root(), "memory");
        if (memory.isEmpty()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(
                MemorySize.toKiB(memory.get().getTextTrim(), memory.get().getAttributeValue("unit"), "memory", origin));
    }

    /** The maximum vCPU count ({@code <vcpu>}); libvirt's default without one is 1. */
    public int vcpus() {
        return Elements.parseInt(Elements.childText(root(), "vcpu"), "vcpu", origin)
                .orElse(1);
    }

    public List<DiskView> disks() {
        return Elements.child(root(), "devices")
                .map(devices -> devices.getChildren("disk").stream()
                        .map(disk -> new DiskView(disk, origin))
                        .toList())
                .orElse(List.of());
    }

    public IoThreadsView iothreads() {
        return new IoThreadsView(root(), origin);
    }

    /** Where its IOThreads and emulator are pinned ({@code <cputune>}). */
    public IothreadPinning iothreadPinning() {
        return new IothreadPinning(root());
    }

    public MemoryBackingView memoryBacking() {
        return new MemoryBackingView(root(), origin);
    }

    public NumaTuneView numaTune() {
        return new NumaTuneView(root(), origin);
    }

    public OsHints os() {
        return new OsHints(root());
    }

    /** A {@code <channel>} whose virtio target is the QEMU guest agent's port: without it, no agent answers. */
    public boolean hasGuestAgentChannel() {
        Element devices = root().getChild("devices");
        return devices != null
                && devices.getChildren("channel").stream()
                        .map(channel -> channel.getChild("target"))
                        .anyMatch(target -> target != null
                                && "virtio".equals(target.getAttributeValue("type"))
                                && GUEST_AGENT_CHANNEL.equals(target.getAttributeValue("name")));
    }

    private Element root() {
        return document.getRootElement();
    }
}

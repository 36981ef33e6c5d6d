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

    /** The disks, in document order: where a new one goes after the last. */
    static final XmlPath DISKS = XmlPath.of("devices/disk");

    private static final XmlProperty<String> NAME = XmlProperty.string("name");
    private static final XmlProperty<String> UUID = XmlProperty.string("uuid");
    private static final XmlProperty<String> TYPE = XmlProperty.string("@type");
    private static final XmlProperty<String> EMULATOR = XmlProperty.string("devices/emulator");
    private static final XmlProperty<String> ARCH = XmlProperty.string("os/type/@arch");
    private static final XmlProperty<String> MACHINE = XmlProperty.string("os/type/@machine");
    private static final XmlProperty<String> MEMORY = XmlProperty.string("memory");
    private static final XmlProperty<String> MEMORY_UNIT = XmlProperty.string("memory/@unit");
    private static final XmlProperty<Integer> VCPUS = XmlProperty.integer("vcpu");
    private static final XmlPath CHANNELS = XmlPath.of("devices/channel");
    /** Of one channel: its target's type and port name. */
    private static final XmlProperty<String> CHANNEL_TYPE = XmlProperty.string("target/@type");

    private static final XmlProperty<String> CHANNEL_NAME = XmlProperty.string("target/@name");

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
        return NAME.get(root())
                .orElseThrow(
                        () -> new XmlRejectedException(origin + ": the domain has no <name>; libvirt requires one"));
    }

    public Optional<String> uuid() {
        return UUID.get(root());
    }

    /** The hypervisor type (domain/@type): kvm, qemu, ... */
    public String type() {
        return TYPE.get(root())
                .orElseThrow(() -> new XmlRejectedException(origin + ": the domain has no type attribute"));
    }

    /** The emulator binary ({@code <devices><emulator>}), when the definition names one. */
    public Optional<String> emulator() {
        return EMULATOR.get(root()).filter(path -> !path.isEmpty());
    }

    /** The guest's architecture ({@code <os><type arch>}), when named. */
    public Optional<String> arch() {
        return ARCH.get(root());
    }

    /** The machine type ({@code <os><type machine>}), when named. */
    public Optional<String> machine() {
        return MACHINE.get(root());
    }

    /** The maximum memory in KiB, empty when only NUMA cells define it. */
    public OptionalLong memoryKiB() {
        Optional<String> memory = MEMORY.get(root());
        if (memory.isEmpty()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(
                MemorySize.toKiB(memory.get(), MEMORY_UNIT.get(root()).orElse(null), "memory", origin));
    }

    /** The maximum vCPU count ({@code <vcpu>}); libvirt's default without one is 1. */
    public int vcpus() {
        return VCPUS.get(root(), origin, "").orElse(1);
    }

    public List<DiskView> disks() {
        return DISKS.findAll(root()).stream()
                .map(disk -> new DiskView(disk, origin))
                .toList();
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
        return CHANNELS.findAll(root()).stream()
                .anyMatch(channel -> CHANNEL_TYPE.get(channel).equals(Optional.of("virtio"))
                        && CHANNEL_NAME.get(channel).equals(Optional.of(GUEST_AGENT_CHANNEL)));
    }

    private Element root() {
        return document.getRootElement();
    }
}

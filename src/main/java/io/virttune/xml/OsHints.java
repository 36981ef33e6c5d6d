package io.virttune.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.filter.Filters;

/**
 * What the definition says about the guest operating system, chiefly whether it is Windows.
 */
public final class OsHints {
    static final String LIBOSINFO_NAMESPACE = "http://libosinfo.org/xmlns/libvirt/domain/1.0";
    private static final String MICROSOFT_WINDOWS = "http://microsoft.com/win/";
    /** libosinfo's placeholders for "not told": ids that name no operating system. */
    private static final Set<String> NO_OS_IDS = Set.of("http://libosinfo.org/unknown", "http://libosinfo.org/generic");

    private final Element domain;

    OsHints(Element domain) {
        this.domain = domain;
    }

    /** The libosinfo operating system id recorded in {@code <metadata>}, if any. */
    public Optional<String> osinfoId() {
        Optional<Element> metadata = Elements.child(domain, "metadata");
        if (metadata.isEmpty()) {
            return Optional.empty();
        }
        Namespace libosinfo = Namespace.getNamespace(LIBOSINFO_NAMESPACE);
        for (Element os : metadata.get().getDescendants(Filters.element("os", libosinfo))) {
            if (os.getAttributeValue("id") != null) {
                return Optional.of(os.getAttributeValue("id"));
            }
        }
        return Optional.empty();
    }

    /** Why the guest is believed to run Windows, or empty when it is not. */
    public Optional<String> windowsEvidence() {
        Optional<String> osinfo = osinfoId();
        if (osinfo.isPresent() && !namesNoOs(osinfo.get())) {
            return osinfo.get().startsWith(MICROSOFT_WINDOWS)
                    ? Optional.of("libosinfo metadata says " + osinfo.get() + supportingClues())
                    : Optional.empty();
        }
        String clues = String.join(", ", clues());
        String unhelpfulId = osinfo.map(id -> " (libosinfo metadata " + id + " names no operating system)")
                .orElse("");
        return clues.isEmpty() ? Optional.empty() : Optional.of(clues + unhelpfulId);
    }

    private static boolean namesNoOs(String id) {
        String trimmed = id.endsWith("/") ? id.substring(0, id.length() - 1) : id;
        return trimmed.isBlank() || NO_OS_IDS.contains(trimmed);
    }

    public boolean isWindows() {
        return windowsEvidence().isPresent();
    }

    private String supportingClues() {
        List<String> clues = clues();
        return clues.isEmpty() ? "" : " (also " + String.join(", ", clues) + ")";
    }

    private List<String> clues() {
        List<String> clues = new ArrayList<>();
        Optional<Element> clock = Elements.child(domain, "clock");
        if (Elements.child(domain, "features")
                .flatMap(f -> Elements.child(f, "hyperv"))
                .isPresent()) {
            clues.add("Hyper-V enlightenments in <features>");
        }
        boolean hypervClock = clock.map(c -> c.getChildren("timer").stream()
                        .anyMatch(timer -> "hypervclock".equals(timer.getAttributeValue("name"))))
                .orElse(false);
        if (hypervClock) {
            clues.add("a hypervclock timer");
        }
        Optional<String> offset = clock.flatMap(c -> Elements.attribute(c, "offset"));
        if (offset.filter("localtime"::equals).isPresent()) {
            clues.add("clock offset='localtime'");
        }
        if (offset.filter("variable"::equals).isPresent()
                && clock.flatMap(c -> Elements.attribute(c, "basis"))
                        .filter("localtime"::equals)
                        .isPresent()) {
            clues.add("clock offset='variable' basis='localtime'");
        }
        if (hasVirtioWinIso()) {
            clues.add("the virtio-win driver ISO in a CD-ROM drive");
        }
        return clues;
    }

    /** The VirtIO driver ISO for Windows (virtio-win*.iso), attached to install or update drivers. */
    private boolean hasVirtioWinIso() {
        return Elements.child(domain, "devices").stream()
                .flatMap(devices -> devices.getChildren("disk").stream())
                .filter(disk -> "cdrom".equals(disk.getAttributeValue("device")))
                .flatMap(disk -> Elements.childAttribute(disk, "source", "file").stream())
                .anyMatch(file -> file.substring(file.lastIndexOf('/') + 1).startsWith("virtio-win"));
    }
}

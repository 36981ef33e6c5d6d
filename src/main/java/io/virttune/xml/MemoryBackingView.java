package io.virttune.xml;

import java.util.List;
import org.jdom2.Element;

/** The domain's {@code <memoryBacking>}, as far as hugepages go. */
public final class MemoryBackingView {
    private static final XmlPath HUGEPAGES = XmlPath.of("memoryBacking/hugepages");
    private static final XmlPath PAGES = XmlPath.of("memoryBacking/hugepages/page");
    private static final XmlProperty<String> PAGE_SIZE = XmlProperty.string("@size");
    private static final XmlProperty<String> PAGE_UNIT = XmlProperty.string("@unit");

    private final Element domain;
    private final String origin;

    MemoryBackingView(Element domain, String origin) {
        this.domain = domain;
        this.origin = origin;
    }

    public boolean hasHugepages() {
        return HUGEPAGES.exists(domain);
    }

    /** The explicit page sizes in KiB; empty means the host's default hugepage size. */
    public List<Long> hugepageSizesKiB() {
        return PAGES.findAll(domain).stream()
                .map(page -> MemorySize.toKiB(
                        PAGE_SIZE
                                .get(page)
                                .orElseThrow(
                                        () -> new XmlRejectedException(origin + ": a hugepages <page> has no size")),
                        PAGE_UNIT.get(page).orElse(null),
                        "hugepage size",
                        origin))
                .toList();
    }

    /** Backs guest memory with default-size hugepages, creating what is missing. */
    public void enableHugepages() {
        HUGEPAGES.findOrCreate(domain);
    }
}

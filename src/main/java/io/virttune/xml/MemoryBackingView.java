package io.virttune.xml;

import java.util.List;
import java.util.Optional;
import org.jdom2.Element;

/** The domain's {@code <memoryBacking>}, as far as hugepages go. */
public final class MemoryBackingView {
    private final Element domain;
    private final String origin;

    MemoryBackingView(Element domain, String origin) {
        this.domain = domain;
        this.origin = origin;
    }

    public boolean hasHugepages() {
        return hugepages().isPresent();
    }

    /** The explicit page sizes in KiB; empty means the host's default hugepage size. */
    public List<Long> hugepageSizesKiB() {
        return hugepages()
                .map(pages -> pages.getChildren("page").stream()
                        .map(page -> MemorySize.toKiB(
                                Elements.attribute(page, "size")
                                        .orElseThrow(() ->
                                                new XmlRejectedException(origin + ": a hugepages <page> has no size")),
                                page.getAttributeValue("unit"),
                                "hugepage size",
                                origin))
                        .toList())
                .orElse(List.of());
    }

    /** Backs guest memory with default-size hugepages, creating what is missing. */
    public void enableHugepages() {
        if (hasHugepages()) {
            return;
        }
        Element backing = Elements.child(domain, "memoryBacking")
                .orElseGet(() -> ChildOrder.DOMAIN.insert(domain, "memoryBacking"));
        ChildOrder.MEMORY_BACKING.insert(backing, "hugepages");
    }

    private Optional<Element> hugepages() {
        return Elements.child(domain, "memoryBacking").flatMap(b -> Elements.child(b, "hugepages"));
    }
}

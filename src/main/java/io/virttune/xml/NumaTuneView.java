package io.virttune.xml;

import io.virttune.text.RangeList;
import java.util.Optional;
import java.util.Set;
import org.jdom2.Element;

/** The domain's {@code <numatune><memory>}: which host NUMA nodes its memory must come from. */
public final class NumaTuneView {
    private static final XmlProperty<String> MODE = XmlProperty.string("numatune/memory/@mode");
    private static final XmlProperty<String> PLACEMENT = XmlProperty.string("numatune/memory/@placement");
    private static final XmlProperty<String> NODESET = XmlProperty.string("numatune/memory/@nodeset");

    private final Element domain;
    private final String origin;

    NumaTuneView(Element domain, String origin) {
        this.domain = domain;
        this.origin = origin;
    }

    /**
     * The host nodes the guest's memory is bound to, or empty when any node will do: no nodeset,
     * placement='auto' (numad chooses at start), or mode='preferred' (falls back to other nodes).
     * strict (libvirt's default mode), interleave and restrictive allocate only on the nodeset.
     */
    public Optional<Set<Integer>> memoryNodes() {
        if (MODE.get(domain).filter("preferred"::equals).isPresent()
                || PLACEMENT.get(domain).filter("auto"::equals).isPresent()) {
            return Optional.empty();
        }
        return NODESET.get(domain).map(this::parse);
    }

    /** libvirt's nodeset syntax: "0-3,^2,5". */
    private Set<Integer> parse(String nodeset) {
        return RangeList.parse(nodeset)
                .map(RangeList::members)
                .map(Set::copyOf)
                .orElseThrow(() -> new XmlRejectedException(
                        origin + ": numatune nodeset '" + nodeset + "' is not a list of NUMA nodes (like 0-3,^2,5)"));
    }
}

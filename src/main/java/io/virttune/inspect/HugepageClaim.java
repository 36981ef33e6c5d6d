package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.libvirt.DomainState;
import io.virttune.xml.DomainXml;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A shut-off guest already backed by hugepages: its pages are free now, but it claims them again
 * when it starts, so they are not free to promise to another guest. {@code pageSizesKiB} empty
 * means the host's default size; {@code nodes} empty means any NUMA node will do.
 */
public record HugepageClaim(String domain, long memoryKiB, List<Long> pageSizesKiB, Optional<Set<Integer>> nodes) {

    public HugepageClaim {
        pageSizesKiB = List.copyOf(pageSizesKiB);
    }

    /** The claim of a shut-off domain with hugepage memory backing; empty for any other domain. */
    public static Optional<HugepageClaim> of(String name, DomainState state, DomainXml xml) {
        try {
            if (!state.isShutOff()
                    || !xml.memoryBacking().hasHugepages()
                    || xml.memoryKiB().isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new HugepageClaim(
                    name,
                    xml.memoryKiB().getAsLong(),
                    xml.memoryBacking().hugepageSizesKiB(),
                    xml.numaTune().memoryNodes()));
        } catch (VirtTuneException unreadable) {
            // A definition whose memory cannot be read is reported by the domain's own facts, if selected.
            return Optional.empty();
        }
    }

    /** The claims of the shut-off domains among {@code domains}. */
    public static List<HugepageClaim> of(List<DomainFacts> domains) {
        return domains.stream()
                .flatMap(domain -> domain.xml().flatMap(xml -> of(domain.name(), domain.state(), xml)).stream())
                .toList();
    }

    /** Whether the claim draws on the pool of {@code pageSizeKiB}, the host's default size. */
    public boolean drawsOnDefaultPool(long pageSizeKiB) {
        return pageSizesKiB.isEmpty() || pageSizesKiB.contains(pageSizeKiB);
    }
}

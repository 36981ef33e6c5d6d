package io.virttune.snippets;

import java.util.List;
import java.util.SortedMap;

/**
 * The pool of one page size a host needs: the domains it serves, their pages, and the pages to
 * reserve with the margin, in total and (on a NUMA host) per node.
 */
record HugepageNeed(
        long pageSizeKiB,
        List<DomainDemand> domains,
        long basePages,
        long totalPages,
        SortedMap<Integer, Long> pagesPerNode) {

    HugepageNeed {
        domains = List.copyOf(domains);
    }

    /** The kernel's spelling of the page size on the command line: 2M, 1G. */
    String kernelSize() {
        return pageSizeKiB % (1024 * 1024) == 0
                ? pageSizeKiB / (1024 * 1024) + "G"
                : pageSizeKiB % 1024 == 0 ? pageSizeKiB / 1024 + "M" : pageSizeKiB + "K";
    }
}

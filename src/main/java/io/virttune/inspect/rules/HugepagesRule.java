package io.virttune.inspect.rules;

import io.virttune.host.HugepagePool;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.text.Bytes;
import io.virttune.xml.DomainXml;
import java.util.Optional;

/**
 * Guest memory on ordinary 4 KiB pages: every guest access walks two page tables, and the TLB
 * covers little of it. The source backed its guests with hugepages reserved at boot.
 */
final class HugepagesRule extends DomainRule {
    @Override
    Optional<Finding> check(HostFacts host, DomainFacts domain, DomainXml xml) {
        if (xml.memoryBacking().hasHugepages() || xml.memoryKiB().isEmpty()) {
            return Optional.empty();
        }
        long memoryBytes = xml.memoryKiB().getAsLong() * 1024;
        long freeHugeBytes = host.settings().stream()
                .flatMap(settings -> settings.hugepagePools().stream())
                .filter(HugepagePool::isSystemWide)
                .mapToLong(HugepagesRule::freeBytes)
                .sum();
        boolean fits = freeHugeBytes >= memoryBytes;
        return Optional.of(Finding.domain(
                "domain.hugepages",
                Severity.INFO,
                domain.name(),
                "guest memory is not backed by hugepages",
                Bytes.format(memoryBytes) + " of guest memory on 4 KiB pages; the host has "
                        + Bytes.format(freeHugeBytes) + " of hugepages available (free and not promised)",
                fits
                        ? "back it with hugepages (<memoryBacking><hugepages/>); the plan adds it while the"
                                + " host's free pool holds every planned guest"
                        : "reserve more hugepages at boot (virt-tune snippets writes the GRUB line), then plan"));
    }

    static long freeBytes(HugepagePool pool) {
        return pool.availableKiB() * 1024;
    }
}

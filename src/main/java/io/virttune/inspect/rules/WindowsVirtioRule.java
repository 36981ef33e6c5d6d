package io.virttune.inspect.rules;

import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.text.ShellWords;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.List;
import java.util.Optional;

/**
 * A Windows guest with disks on an emulated bus: Windows boots from virtio only once its VirtIO
 * storage driver is bound to a virtio disk (having the driver installed is not enough), which
 * nothing on the host can see.
 */
final class WindowsVirtioRule extends DomainRule {
    @Override
    Optional<Finding> check(HostFacts host, DomainFacts domain, DomainXml xml) {
        List<DiskView> emulated = waiting(domain);
        if (emulated.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Finding.domain(
                "domain.windows-virtio",
                Severity.WARNING,
                domain.name(),
                "Windows guest: VirtIO storage driver readiness unknown",
                xml.os().windowsEvidence().orElse("Windows guest") + "; disks on emulated buses: "
                        + String.join(
                                ", ", emulated.stream().map(DiskView::targetDev).toList())
                        + domain.virtioDriver()
                                .map(evidence -> "; virtio driver: " + evidence.text())
                                .orElse(""),
                "confirm viostor is bound (--virtio-ready=" + ShellWords.quote(domain.name()) + "), or let the plan"
                        + " stage it: a small temporary virtio disk for one boot, then the switch"));
    }

    /** The domain's disks that wait for the driver, with no operator's confirmation known. */
    static List<DiskView> waiting(DomainFacts domain) {
        return domain.waitingForVirtioDriver(false);
    }
}

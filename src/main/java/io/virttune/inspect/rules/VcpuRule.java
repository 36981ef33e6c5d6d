package io.virttune.inspect.rules;

import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskRole;
import io.virttune.recipe.Recipe;
import io.virttune.xml.DomainXml;
import java.util.Optional;

/**
 * A guest with one vCPU and disks to serve: the source measured disk throughput rising with
 * vCPUs, one per I/O-heavy task, because the guest's own I/O submission needs CPU too.
 */
final class VcpuRule extends DomainRule {
    @Override
    Optional<Finding> check(HostFacts host, DomainFacts domain, DomainXml xml) {
        long disks = domain.disks().stream()
                .filter(d -> d.verdict().role() != DiskRole.LEAVE_ALONE)
                .count();
        if (xml.vcpus() >= Recipe.MIN_VCPUS_FOR_IO || disks == 0) {
            return Optional.empty();
        }
        return Optional.of(Finding.domain(
                "domain.vcpus",
                Severity.INFO,
                domain.name(),
                "only " + xml.vcpus() + " vCPU for " + disks + " disk(s)",
                "<vcpu>" + xml.vcpus() + "</vcpu>",
                "if the guest is I/O-heavy, give it one vCPU per I/O-heavy task (at least " + Recipe.MIN_VCPUS_FOR_IO
                        + "); measure with virt-tune bench"));
    }
}

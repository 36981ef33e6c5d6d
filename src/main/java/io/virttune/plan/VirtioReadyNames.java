package io.virttune.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The operator's --virtio-ready names against the domains planned: a name that matched none (a
 * typo leaves the guest staged), and a domain that was not waiting for its VirtIO storage driver
 * (nothing to confirm), are each said in the plan's warnings.
 */
final class VirtioReadyNames {
    private VirtioReadyNames() {}

    static List<String> warnings(Set<String> names, List<DomainPlan> planned) {
        List<String> warnings = new ArrayList<>();
        for (String name : new TreeSet<>(names)) {
            Optional<DomainPlan> domain =
                    planned.stream().filter(plan -> plan.name().equals(name)).findFirst();
            if (domain.isEmpty()) {
                warnings.add("--virtio-ready=" + name + " names no domain of this plan (planned: "
                        + String.join(
                                ", ", planned.stream().map(DomainPlan::name).toList()) + "): check the name");
            } else if (domain.get().virtioDriver() == null
                    || !domain.get().virtioDriver().endsWith(WindowsStaging.OVERRIDDEN)) {
                warnings.add("--virtio-ready=" + name + ": '" + name + "' is not a Windows guest waiting for its VirtIO"
                        + " storage driver, so there was nothing to confirm");
            }
        }
        return warnings;
    }
}

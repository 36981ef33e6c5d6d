package io.virttune.plan;

import io.virttune.text.Bytes;
import io.virttune.xml.DomainXml;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Backs a guest's memory with hugepages while the host's budget holds it, or says why not. */
final class HugepageBacking {
    private HugepageBacking() {}

    static void add(PlanEnvironment env, DomainXml edited, List<String> warnings) {
        if (!env.policy().hugepages()
                || edited.memoryBacking().hasHugepages()
                || edited.memoryKiB().isEmpty()
                || !env.hugepages().known()) {
            return;
        }
        long memoryKiB = edited.memoryKiB().getAsLong();
        Optional<Set<Integer>> nodes = edited.numaTune().memoryNodes();
        if (env.hugepages().take(memoryKiB, nodes)) {
            edited.memoryBacking().enableHugepages();
        } else {
            warnings.add("no hugepages: the guest needs " + Bytes.format(memoryKiB * 1024) + ", the host's"
                    + " free hugepage pool"
                    + nodes.map(n -> " on NUMA node "
                                    + n.stream().sorted().map(String::valueOf).collect(Collectors.joining(", ")))
                            .orElse("")
                    + " has "
                    + Bytes.format(env.hugepages().availableKiB(nodes) * 1024) + " left for this plan (shut-off guests"
                    + " already on hugepages keep theirs); reserve more at boot (virt-tune snippets, GRUB)");
        }
    }
}

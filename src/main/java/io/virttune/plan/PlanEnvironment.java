package io.virttune.plan;

import io.virttune.recipe.HostLevers;

/**
 * What every domain's planning shares: the target's extent size, the space ledger, the LV names
 * handed out, the hugepage budget, the levers every disk gets, and what the host's libvirt and QEMU support.
 */
record PlanEnvironment(
        PlanPolicy policy,
        long extentBytes,
        SpaceLedger space,
        VolumeNames names,
        HugepageBudget hugepages,
        HostLevers levers,
        QueueIothreads queueIothreads) {}

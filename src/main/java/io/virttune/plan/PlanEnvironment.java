package io.virttune.plan;

/**
 * What every domain's planning shares: the target's extent size, the space ledger, the LV names
 * handed out, the hugepage budget, and what the host's libvirt and QEMU support.
 */
record PlanEnvironment(
    PlanPolicy policy,
    long extentBytes,
    SpaceLedger space,
    VolumeNames names,
    HugepageBudget hugepages,
    boolean discardSupported,
    QueueIothreads queueIothreads) {}

package io.virttune.snippets;

import java.util.OptionalInt;

/**
 * One domain's claim on hugepages: its memory in whole pages, the NUMA node its memory is pinned
 * to if any, and whether it uses hugepages already or is only planned to.
 */
record DomainDemand(String name, long memoryKiB, long pages, OptionalInt numaNode, boolean planned) {}

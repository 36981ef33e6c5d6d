/**
 * Block jobs of a running domain in libvirt's terms: the live copy of one disk onto a
 * destination, followed to convergence, pivoted or aborted, with the mirror read back from the
 * live definition. An adapter beside {@code libvirt}; it knows nothing of plans or journals.
 */
package io.virttune.blockjob;

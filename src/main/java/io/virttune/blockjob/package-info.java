/**
 * Block jobs of a running domain in libvirt's terms: the live copy of one disk onto a
 * destination, followed to convergence, pivoted or aborted, with the mirror read back from the
 * live definition. An adapter beside {@code libvirt}; it knows nothing of plans or journals.
 *
 * <h2>When a copy has stalled ({@link Convergence})</h2>
 *
 * <p>A block copy has stalled when it went on copying for a whole window without its bytes left
 * (end minus cur) falling below the fewest seen, that is, when the guest dirties the disk as fast
 * as a background copy copies it. A copy that copies nothing (throttled, or waiting on a full
 * target) is not stalled: another copy mode would not copy it faster.
 */
package io.virttune.blockjob;

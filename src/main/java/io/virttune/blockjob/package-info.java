/**
 * Block jobs of a running domain in libvirt's terms: the live copy of one disk onto a
 * destination, followed to convergence, pivoted or aborted, with the mirror read back from the
 * live definition. An adapter beside {@code libvirt}; it knows nothing of plans or journals.
 *
 * <h2>When a writing guest outpaces a copy ({@link Convergence})</h2>
 *
 * <p>A background copy is given up, the job left copying for its caller to abort, when over the
 * last third of the window its bytes left (end minus cur) shrink so slowly beside what it copies
 * that, at that pace, it would be ready later than two copies made afresh, and that has held for
 * half a third more; or, at the latest, when it went on copying for a whole window without its
 * bytes left falling below the fewest seen. A copy that copies nothing (throttled, or waiting on
 * a full target) is never given up: another copy mode would not copy it faster.
 */
package io.virttune.blockjob;

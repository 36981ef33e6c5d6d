/**
 * What apply writes down so that a crash can be resumed or rolled back: each domain's journal, the
 * pool journals, the locks, and the backups of the definitions.
 *
 * <h2>The state directory ({@link StateDirectory})</h2>
 *
 * <p>Per domain, keyed by UUID because domains can be renamed, a journal and the backups of its
 * original definition. Private to root: backups hold the definition with its secrets (graphics
 * passwords).
 *
 * <h2>The pace of earlier copies ({@link CopyPaces})</h2>
 *
 * <p>Each offline copy's DONE entry says how many bytes of data it copied, how many it wrote and
 * verified to do so (a linear LV's whole size), in how long, and under which cap. The median pace,
 * of bytes written over time, of this host's uncapped copies of at least 64 MiB is the rate
 * {@code plan --window} predicts downtime by when the operator gives none: capped copies show the
 * cap, not the device, and small ones mostly the start of qemu-img.
 */
package io.virttune.apply.journal;

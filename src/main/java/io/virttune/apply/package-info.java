/**
 * The run of an apply: each domain's migration decided (done, resumed, refused by preflight),
 * journaled before and after each step and carried out through the ports, the only side effects
 * (docs/apply.md).
 *
 * <h2>Holding the source images ({@link SourceHolds})</h2>
 *
 * <p>A domain's source images are held against a starting guest from preflight until after the
 * define. They are let go only while a {@code qemu-img} that opens them runs (it cannot open an
 * image held so, and keeps a guest out itself: it does not share writes), and taken again right
 * after it. A guest that took an image in that moment is running when it is taken again, which
 * refuses the domain.
 *
 * <h2>Creating thin pools ({@link ThinPools})</h2>
 *
 * <p>A pool the plan creates is created only when the first domain that passed preflight needs it
 * (a run whose domains are all refused leaves no pool of terabytes behind), journaled before and
 * after {@code lvcreate}, tagged, and each domain that needs it is recorded, so that the rollback
 * of the last one may remove it again.
 */
package io.virttune.apply;

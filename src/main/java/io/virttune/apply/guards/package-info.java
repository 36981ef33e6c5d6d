/**
 * What apply and undo check before anything changes: the plan's trust (its digest, host and
 * re-planned definitions), preflight (the domain's state, images, names, room in the VG and the
 * thin pool, held host-wide), ownership of what virt-tune created (LVM tags and the journaled
 * uuid), and the host's stores as custody reads them (docs/apply.md).
 */
package io.virttune.apply.guards;

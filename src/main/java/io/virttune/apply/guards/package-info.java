/**
 * What apply and undo check before anything changes: the plan's trust (its digest, host and
 * re-planned definitions), preflight (the domain's state, images, names, room in the VG and the
 * thin pool, held host-wide), ownership of what virt-tune created (LVM tags and the journaled
 * uuid), and the host's stores as custody reads them (docs/apply.md).
 *
 * <h2>A plan file is a trust boundary ({@link PlanTrust})</h2>
 *
 * <p>Anyone who can edit a plan file could otherwise make apply define what no policy allowed.
 * Before anything, apply checks the plan was made on this host ({@link PlannedHostCheck}), that its
 * policy passes the gates planning has ({@link PlannedPolicyCheck}), that every domain's steps and
 * new definition are what that policy makes of the definition the domain has ({@link
 * PlannedDefinitionCheck}), and that the cache modes the new definitions set pass the same gates;
 * anything else shows the file edited, or made elsewhere, and refuses the whole apply. A domain
 * whose definition changed since planning is not the file's doing: it is left to preflight, which
 * refuses that domain alone.
 *
 * <p>For each domain, the plan's steps and new definition must be what the plan's own policy makes
 * of the domain's current definition (planning is pure, so it is planned again here), except for
 * what depended on the host's state at planning time: the sizes, the LV names handed out and
 * whether hugepages fitted. The definition planned again is the one the domain has (for a live plan
 * after its pivots, that one with the pivoted disks put back), never the plan's own record of it. A
 * domain whose definition changed since planning is left to preflight, as above; what shows the
 * file edited whatever the definition (an originalXml its fingerprint is not of, a define expecting
 * another definition) is refused here all the same.
 *
 * <h2>Room in thin pools ({@link ThinSpace})</h2>
 *
 * <p>A copy into a thin pool needs a whole chunk for every chunk the image's data touches ({@code
 * qemu-img map}, through a qcow2's backing files and its external data file), and the metadata that
 * maps them; an image's {@code actual-size} is no measure. The room is checked right before each
 * copy (offline, live, a full rewrite) under one lock per pool that every virt-tune on the host
 * shares ({@link io.virttune.apply.journal.PoolRoomLedger}), counting what the copies still running
 * will write: a full pool stalls every thin LV in it, other tenants' running guests included.
 */
package io.virttune.apply.guards;

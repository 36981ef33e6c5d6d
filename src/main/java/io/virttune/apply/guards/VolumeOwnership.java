package io.virttune.apply.guards;

import io.virttune.lvm.VolumeIdentity;
import io.virttune.lvm.VolumeName;
import java.util.List;
import java.util.Optional;

/**
 * Which LVs are virt-tune's to remove. A name proves nothing (anyone can create an LV by a name
 * virt-tune once used), so every LV virt-tune creates carries its tags from the first moment, and
 * its {@code lv_uuid} is journaled right after: both must match before any {@code lvremove}.
 */
public final class VolumeOwnership {
    /** On every LV and thin pool virt-tune creates: {@code lvs @virt-tune} lists them. */
    static final String TAG = "virt-tune";

    private VolumeOwnership() {}

    /** The owner of the thin pools virt-tune creates for a plan: no one domain, all that need it. */
    public static final String POOL_OWNER = "pool";

    /** The tags of an LV created for an owner: a domain's UUID, or {@link #POOL_OWNER}. */
    public static String[] tagsFor(String owner) {
        return new String[] {TAG, TAG + "-" + owner};
    }

    /**
     * Why the LV is not provably the one virt-tune created for the domain, or empty when it is. The
     * journal lacks a uuid only after a crash between {@code lvcreate} and the journal write that
     * follows it; the domain's tag, set by that very lvcreate, is the proof then.
     */
    public static Optional<String> notOurs(VolumeIdentity lv, String owner, String journaledUuid) {
        VolumeName name = new VolumeName(lv.vgName(), lv.name());
        List<String> missing =
                List.of(tagsFor(owner)).stream().filter(tag -> !lv.hasTag(tag)).toList();
        if (!missing.isEmpty()) {
            return Optional.of(
                    "LV " + name + " lacks virt-tune's tag " + String.join(" and ", missing)
                            + " (it has " + (lv.tags().isEmpty() ? "none" : String.join(",", lv.tags()))
                            + "): virt-tune did not create it,"
                            + " or created it before it tagged its LVs; check what it holds and remove it by hand if it is not in use");
        }
        if (journaledUuid != null && !journaledUuid.equals(lv.uuid())) {
            return Optional.of("LV " + name + " has uuid " + lv.uuid() + ", not the " + journaledUuid
                    + " virt-tune journaled when it created it: it was replaced since; check what it holds and remove it"
                    + " by hand if it is not in use");
        }
        return Optional.empty();
    }
}

package io.virttune.apply.journal;

import io.virttune.lvm.VolumeName;
import java.util.ArrayList;
import java.util.List;

/**
 * A thin pool virt-tune creates for a plan, journaled like a domain's steps: written before
 * {@code lvcreate} (CREATING) and after it with the pool's {@code lv_uuid} (CREATED), with the
 * UUIDs of the domains that passed preflight and need it. Rollback of the last of them may remove
 * the pool, if it is empty and still the one created.
 */
public record PoolJournal(String vg, String name, Status status, String lvUuid, List<String> users) {

    /** Where the pool stands. */
    public enum Status {
        CREATING,
        CREATED,
        REMOVED
    }

    public PoolJournal {
        users = List.copyOf(users == null ? List.of() : users);
    }

    public VolumeName volume() {
        return new VolumeName(vg, name);
    }

    public PoolJournal withStatus(Status next, String uuid) {
        return new PoolJournal(vg, name, next, uuid, users);
    }

    public PoolJournal withUser(String domainUuid) {
        List<String> more = new ArrayList<>(users);
        if (!more.contains(domainUuid)) {
            more.add(domainUuid);
        }
        return new PoolJournal(vg, name, status, lvUuid, more);
    }

    public PoolJournal withoutUser(String domainUuid) {
        return new PoolJournal(
                vg,
                name,
                status,
                lvUuid,
                users.stream().filter(user -> !user.equals(domainUuid)).toList());
    }
}

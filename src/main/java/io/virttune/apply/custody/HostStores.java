package io.virttune.apply.custody;

import java.util.Optional;

/**
 * What the host shows of its stores at the moment a command decides, read under the domain's
 * lock: whether a store exists, who names it, and what the domain runs on.
 */
public interface HostStores {

    boolean exists(String store);

    /**
     * Who else names the store, in words ("the definition of web02"): a definition of another
     * domain (persistent or live, a pool volume resolved, a backing chain followed); empty when none.
     */
    Optional<String> otherUser(String store);

    /** Whether the changed domain's own definitions, persistent or live, name the store now. */
    boolean namedByDomain(String store);

    /** Whether the two names are one store (a symlink, /dev/mapper's name of an LV). */
    boolean same(String store, String other);
}

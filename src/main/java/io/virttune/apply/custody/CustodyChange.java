package io.virttune.apply.custody;

import java.util.List;
import java.util.Set;

/**
 * What a command is about to do to one domain's stores, described before it does anything.
 *
 * @param command the command, for the refusal ("rollback", "cleanup")
 * @param domain the domain whose disks these are
 * @param removals the stores it would remove: image paths and LV device paths
 * @param definitionAfter the disk sources the domain's persistent definition names afterwards
 *     (the backup a rollback restores; the current one when the command redefines nothing)
 * @param discardWrites true when the operator said {@code --force}: the newest writes may go where
 *     another store of the disk stays
 */
public record CustodyChange(
        String command, String domain, Set<String> removals, List<String> definitionAfter, boolean discardWrites) {

    public CustodyChange {
        removals = Set.copyOf(removals);
        definitionAfter = List.copyOf(definitionAfter);
    }
}

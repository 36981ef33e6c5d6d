package io.virttune.apply.custody;

import io.virttune.text.ShellWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The one decision whether a command may remove a disk's stores now (rules in package-info). */
public final class Custody {
    private Custody() {}

    /** The rules {@code change} breaks on {@code host}, for the domain's {@code disks}. */
    public static CustodyVerdict check(List<DiskCustody> disks, CustodyChange change, HostStores host) {
        List<CustodyRefusal> refusals = new ArrayList<>();
        List<String> discarded = new ArrayList<>();
        // A store of no disk (a Windows guest's temporary virtio LV) holds nothing of the guest's: only
        // a definition that keeps naming it, or a process that has it open (the callers check), keeps it.
        for (String store : change.removals()) {
            inUse(store, change, host).ifPresent(refusals::add);
        }
        for (DiskCustody disk : disks) {
            wayBack(disk, change, host).ifPresent(refusals::add);
            if (storesOf(disk).anyMatch(store -> removes(change, store, host))) {
                keepsACopy(disk, change, host, discarded).ifPresent(refusals::add);
            }
        }
        return new CustodyVerdict(refusals, discarded);
    }

    private static Optional<CustodyRefusal> inUse(String store, CustodyChange change, HostStores host) {
        return user(store, change, host)
                .map(user -> new CustodyRefusal(
                        "in-use",
                        store,
                        change.command() + " would remove " + store + ", which " + user
                                + " names; nothing was changed"));
    }

    /**
     * Who keeps {@code store} in use, in words, when {@code change} is done: another domain's
     * definition (persistent or live, a pool volume resolved, a backing chain followed), or the
     * changed domain's own definition afterwards; empty when none does.
     */
    public static Optional<String> user(String store, CustodyChange change, HostStores host) {
        return host.otherUser(store)
                .or(() -> named(change.definitionAfter(), store, host)
                        ? Optional.of("the definition of " + ShellWords.quote(change.domain()))
                        : Optional.empty());
    }

    /**
     * A store the definition afterwards names, and the domain does not name now (one the command
     * goes back to), must be there: no guest is defined on a deleted image.
     */
    private static Optional<CustodyRefusal> wayBack(DiskCustody disk, CustodyChange change, HostStores host) {
        return storesOf(disk)
                .filter(store -> named(change.definitionAfter(), store, host) && !host.namedByDomain(store))
                .filter(store -> !host.exists(store) || removes(change, store, host))
                .findFirst()
                .map(store -> new CustodyRefusal(
                        "way-back",
                        store,
                        change.command() + " of '" + change.domain()
                                + "' would define it on " + store + ", which is gone"
                                + (disk.sourceRemovedBy() != null && store.equals(disk.source())
                                        ? " (removed by " + disk.sourceRemovedBy() + ")"
                                        : "")
                                + (disk.volume() != null && store.equals(disk.source())
                                        ? "; the disk's bytes are on " + disk.volumeDevice() + " only"
                                        : "")
                                + "; nothing was changed, --force or not: keep the domain on the disks it has"));
    }

    /**
     * Some store of the disk stays that holds its newest bytes: the one the domain names now, or,
     * with --force or when the domain names none, any that held the disk's content (its source, or
     * an LV verified equal to it).
     */
    private static Optional<CustodyRefusal> keepsACopy(
            DiskCustody disk, CustodyChange change, HostStores host, List<String> discarded) {
        List<String> staying = storesOf(disk)
                .filter(host::exists)
                .filter(store -> !removes(change, store, host))
                .toList();
        Optional<String> newest = storesOf(disk).filter(host::namedByDomain).findFirst();
        if (newest.isPresent() && staying.contains(newest.get())) {
            return Optional.empty();
        }
        List<String> copies = staying.stream()
                .filter(store -> store.equals(disk.source()) || disk.verified())
                .toList();
        if (copies.isEmpty()) {
            return Optional.of(new CustodyRefusal(
                    "last-copy",
                    newest.orElse(disk.source()),
                    change.command() + " of '"
                            + change.domain() + "' would leave no copy of the disk "
                            + (newest.isPresent()
                                    ? "'" + change.domain() + "' runs on (" + newest.get() + ")"
                                    : "of " + disk.source())
                            + ": nothing was changed, --force or not"));
        }
        if (newest.isEmpty()) {
            return Optional.empty();
        }
        if (!change.discardWrites()) {
            return Optional.of(new CustodyRefusal(
                    "newest",
                    newest.get(),
                    change.command() + " of '" + change.domain()
                            + "' would remove " + newest.get() + ", which holds what the guest wrote last; "
                            + copies.get(0)
                            + " is older. Add --force to discard those writes and go back to " + copies.get(0)));
        }
        discarded.add("the writes on " + newest.get() + " that " + copies.get(0) + " lacks");
        return Optional.empty();
    }

    private static boolean removes(CustodyChange change, String store, HostStores host) {
        return change.removals().stream().anyMatch(removed -> host.same(removed, store));
    }

    private static boolean named(List<String> definition, String store, HostStores host) {
        return definition.stream().anyMatch(named -> host.same(named, store));
    }

    private static Stream<String> storesOf(DiskCustody disk) {
        return disk.volume() == null ? Stream.of(disk.source()) : Stream.of(disk.source(), disk.volumeDevice());
    }
}

package io.virttune.apply.custody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one rule, on its own: what each change may remove, given what the host shows. */
class CustodyTest {
    private static final String SOURCE = "/images/win.qcow2";
    private static final String LV = "/dev/vg/win-sda";
    private static final String STAGE = "/dev/vg/win-virtio-stage";
    private static final List<DiskCustody> DISKS = List.of(new DiskCustody(SOURCE, "vg/win-sda", true, null));

    /** A host where {@code existing} are there and the domain's definitions name {@code named}. */
    private static HostStores host(Set<String> existing, Set<String> named, Map<String, String> others) {
        return new HostStores() {
            @Override
            public boolean exists(String store) {
                return existing.contains(store);
            }

            @Override
            public Optional<String> otherUser(String store) {
                return Optional.ofNullable(others.get(store));
            }

            @Override
            public boolean namedByDomain(String store) {
                return named.contains(store);
            }

            @Override
            public boolean same(String store, String other) {
                return store.equals(other);
            }
        };
    }

    @Test
    void aTemporaryLvTheRestoredDefinitionDropsMayGoThoughTheCurrentOneNamesIt() {
        // Found by the fault matrix: a Windows guest's second phase stopped before its define, rolled back with
        // --force.
        CustodyVerdict verdict = Custody.check(
                DISKS,
                new CustodyChange("rollback", "win", Set.of(LV, STAGE), List.of(SOURCE), true),
                host(Set.of(SOURCE, LV, STAGE), Set.of(LV, STAGE), Map.of()));

        assertTrue(verdict.allowed(), verdict.refusals().toString());
        assertEquals(List.of("the writes on " + LV + " that " + SOURCE + " lacks"), verdict.discardedWrites());
    }

    @Test
    void theLastCopyGoesWithNoForceAtAll() {
        CustodyVerdict verdict = Custody.check(
                DISKS,
                new CustodyChange("rollback", "win", Set.of(LV), List.of(SOURCE), true),
                host(Set.of(LV), Set.of(LV), Map.of()));

        assertEquals(
                List.of("way-back", "last-copy"),
                verdict.refusals().stream().map(CustodyRefusal::rule).toList());
    }

    @Test
    void aStoreAnotherDomainNamesNeverGoes() {
        CustodyVerdict verdict = Custody.check(
                DISKS,
                new CustodyChange("cleanup", "win", Set.of(SOURCE), List.of(LV), false),
                host(Set.of(SOURCE, LV), Set.of(LV), Map.of(SOURCE, "the definition of rescue")));

        assertEquals(
                List.of("in-use"),
                verdict.refusals().stream().map(CustodyRefusal::rule).toList());
    }
}

package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.CustodyChain.Action;
import io.virttune.apply.custody.DiskCustody;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.undo.Cleanup;
import io.virttune.apply.undo.Rollback;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Custody's bad input: a journal edited by hand, a store removed behind virt-tune's back, a lock
 * file a dead process left: each gets a clear answer, and the disks' content stays where it was.
 */
class CustodyBadInputTest {
    private static final String SITE_UUID = "8f3b2c1e-0000-4000-8000-00000000c001";

    @TempDir
    Path temp;

    private CustodyChain chain;
    private final StringWriter out = new StringWriter();

    @BeforeEach
    void siteMigrated() throws IOException {
        chain = new CustodyChain(Files.createDirectory(temp.resolve("state")));
        chain.run(Action.APPLY, new Random(1));
        assertTrue(chain.history.get(0).startsWith("APPLY -> DONE"), chain.history.toString());
    }

    private DomainResult rollback(boolean force) {
        return new Rollback(chain.host.ports(line -> {}), new PrintWriter(out, true)).run(CustodyChain.SITE, force);
    }

    private DomainResult cleanup() {
        return new Cleanup(chain.host.ports(line -> {}), new PrintWriter(out, true)).run(CustodyChain.SITE);
    }

    @Test
    void aJournalThatIsNoLongerJsonIsNamedAndNothingChanges() throws IOException {
        Path journal =
                chain.host.state.root().resolve("domains").resolve(SITE_UUID).resolve("journal.json");
        Files.writeString(journal, "{ \"domain\": \"site\", ");
        Map<String, String> files = Map.copyOf(chain.host.files);

        DomainResult rolledBack = rollback(true);
        DomainResult cleaned = cleanup();

        assertEquals(DomainResult.Result.FAILED, rolledBack.result(), rolledBack.detail());
        assertTrue(rolledBack.detail().contains(journal.toString()), rolledBack.detail());
        assertEquals(DomainResult.Result.FAILED, cleaned.result(), cleaned.detail());
        assertEquals(files, chain.host.files);
        assertEquals(2, chain.host.lvs.size());
    }

    @Test
    void aCustodyRecordEditedToNameAnotherLvDoesNotLetCleanupRemoveTheSource() {
        // Someone's LV of another name, and a journal edited to call it disk A's verified copy.
        chain.host.lvs.put("other-lv", new ModelHost.Lv("other-lv", "Lv-99", java.util.List.of(), "A.0"));
        DomainJournal journal = chain.host.state.journal(SITE_UUID).orElseThrow();
        DiskCustody a = journal.disks().stream()
                .filter(disk -> disk.source().equals(CustodyChain.A))
                .findFirst()
                .orElseThrow();
        chain.host.state.save(edited(journal, a));

        cleanup();

        assertTrue(chain.host.files.containsKey(CustodyChain.A), out.toString());
        assertTrue(out.toString().contains("keep " + CustodyChain.A), out.toString());
    }

    @Test
    void aJournalEditedToNameNoLvAtAllIsNamedAndRollbackChangesNothing() {
        DomainJournal journal = chain.host.state.journal(SITE_UUID).orElseThrow();
        List<String> created = new ArrayList<>(journal.createdVolumes());
        created.set(0, "other-lv");
        chain.host.state.save(edited(journal, created, journal.disks()));
        Map<String, String> files = Map.copyOf(chain.host.files);

        DomainResult rolledBack = rollback(true);

        assertEquals(DomainResult.Result.FAILED, rolledBack.result(), rolledBack.detail());
        assertTrue(
                rolledBack
                        .detail()
                        .contains("the journal of 'site' names 'other-lv' as a logical volume, which is not"
                                + " one written VG/LV"),
                rolledBack.detail());
        assertEquals(files, chain.host.files);
        assertEquals(2, chain.host.lvs.size());
    }

    /** The journal with disk A's record pointing at another LV. */
    private static DomainJournal edited(DomainJournal journal, DiskCustody a) {
        return edited(
                journal,
                journal.createdVolumes(),
                journal.disks().stream()
                        .map(disk -> disk.equals(a) || disk.source().equals(a.source())
                                ? new DiskCustody(a.source(), "vg/other-lv", true, null)
                                : disk)
                        .toList());
    }

    /** The journal with these created volumes and custody records. */
    private static DomainJournal edited(DomainJournal journal, List<String> createdVolumes, List<DiskCustody> disks) {
        return new DomainJournal(
                journal.domain(),
                journal.uuid(),
                journal.planCreatedAt(),
                journal.planFingerprint(),
                journal.planDigest(),
                journal.status(),
                journal.backupFile(),
                journal.sourceImages(),
                createdVolumes,
                journal.volumeUuids(),
                journal.definedVolumes(),
                journal.earlierJournal(),
                journal.entries(),
                disks);
    }

    @Test
    void aSourceRemovedBehindVirtTunesBackStopsRollbackForceAndTheLvsStay() {
        chain.host.files.remove(CustodyChain.B);

        DomainResult result = rollback(true);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(
                result.detail().contains("[custody: way-back]")
                        && result.detail().contains(CustodyChain.B),
                result.detail());
        assertEquals(2, chain.host.lvs.size());
    }

    @Test
    void anLvRemovedBehindVirtTunesBackKeepsItsSourceFromCleanup() {
        chain.host.lvs.remove("site-vdb");

        DomainResult result = cleanup();

        assertTrue(chain.host.files.containsKey(CustodyChain.B), out.toString());
        assertTrue(out.toString().contains("keep " + CustodyChain.B + ": [custody: last-copy]"), out.toString());
        assertEquals(DomainResult.Result.DONE, result.result(), result.detail());
    }

    @Test
    void aLockFileADeadProcessLeftBlocksNothing() throws IOException {
        Path lock = chain.host.state.root().resolve("locks").resolve(SITE_UUID + ".lock");
        Files.writeString(lock, "pid 999999, since 2026-12-01T00:00:00Z\n");

        DomainResult result = rollback(true);

        assertEquals(DomainResult.Result.DONE, result.result(), result.detail() + out);
    }
}

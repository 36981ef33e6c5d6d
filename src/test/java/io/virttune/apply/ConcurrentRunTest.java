package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.journal.DomainLock;
import io.virttune.apply.ports.DomainResult;
import io.virttune.plan.Plan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A second virt-tune on a domain that one is still applying (an operator whose connection dropped
 * runs --resume while the first apply goes on there) is refused before it reads the journal.
 */
class ConcurrentRunTest extends Site1Test {
    @Test
    void aResumeWhileAnotherRunHoldsTheDomainChangesNothingAndSaysWhoHoldsIt() throws Exception {
        Plan plan = host.plan("site1");
        host.state.save(host.interruptedRightAfterLvcreate(plan).withVolumeUuid("vg/site1-vda", "Lv-A"));

        try (DomainLock held = DomainLock.take(lockFile(), "site1", "2026-12-01T09:59:00Z")) {
            DomainResult result = host.apply(plan, true, true).get(0);

            assertEquals(DomainResult.Result.REFUSED, result.result(), host.output.toString());
            assertTrue(
                    result.detail()
                            .contains("another virt-tune is still running on 'site1' here (pid "
                                    + ProcessHandle.current().pid() + ", since 2026-12-01T09:59:00Z)"),
                    result.detail());
            assertTrue(host.commandLines().isEmpty(), host.commandLines().toString());
        }
    }

    @Test
    void aDryRunWhileAnotherRunHoldsTheDomainIsRefusedAsTheRealRunWouldBe() throws Exception {
        Plan plan = host.plan("site1");

        try (DomainLock held = DomainLock.take(lockFile(), "site1", "2026-12-01T09:59:00Z")) {
            DomainResult result = host.apply(plan, false, false).get(0);

            assertEquals(DomainResult.Result.REFUSED, result.result(), host.output.toString());
            assertTrue(result.detail().contains("another virt-tune is still running on 'site1' here"), result.detail());
        }
    }

    @Test
    void aDryRunWritesNoLockFile() {
        Plan plan = host.plan("site1");

        assertEquals(
                DomainResult.Result.WOULD_RUN,
                host.apply(plan, false, false).get(0).result(),
                host.output.toString());
        assertTrue(Files.notExists(temp.resolve("locks")), "a dry run created " + temp.resolve("locks"));
    }

    @Test
    void aRollbackWhileAnApplyHoldsTheDomainIsRefusedToo() throws Exception {
        Plan plan = host.plan("site1");
        host.state.save(host.interruptedRightAfterLvcreate(plan).withVolumeUuid("vg/site1-vda", "Lv-A"));

        try (DomainLock held = DomainLock.take(lockFile(), "site1", "2026-12-01T09:59:00Z")) {
            DomainResult result = host.rollback("site1", true, false);

            assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
            assertTrue(result.detail().contains("still running on 'site1'"), result.detail());
            assertTrue(
                    host.commandLines().stream().noneMatch(line -> line.contains("lvremove")),
                    host.commandLines().toString());
        }
    }

    @Test
    void theLockIsReleasedWhenTheRunEndsSoTheNextRunGoesOn() throws Exception {
        Plan plan = host.plan("site1");
        host.replySite1Migration();

        assertEquals(
                List.of(DomainResult.Result.DONE),
                host.apply(plan, true, false).stream().map(DomainResult::result).toList(),
                host.output.toString());
        try (DomainLock again = DomainLock.take(lockFile(), "site1", "2026-12-01T10:01:00Z")) {
            assertTrue(Files.readString(lockFile()).contains("since 2026-12-01T10:01:00Z"));
        }
    }

    private Path lockFile() throws Exception {
        Files.createDirectories(temp.resolve("locks"));
        return temp.resolve("locks").resolve(UUID + ".lock");
    }
}

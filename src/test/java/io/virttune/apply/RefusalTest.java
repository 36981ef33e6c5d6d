package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.GIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.PlanDigest;
import io.virttune.apply.ports.DomainResult;
import io.virttune.plan.Plan;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each of apply's refusals, through the real classes: exit 3's result, the rule named, nothing changed. */
class RefusalTest extends Site1Test {

    private void assertRefused(Plan plan, boolean resume, String reason) {
        DomainResult result = host.apply(plan, true, resume).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertTrue(result.detail().contains(reason), result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvcreate") || line.contains("convert")),
                host.commandLines().toString());
        assertEquals(List.of(), host.libvirt.defines());
    }

    @Test
    void anUnfinishedEarlierApplyWithoutResume() {
        Plan plan = host.plan("site1");
        host.state.save(DomainJournal.start(
                "site1",
                UUID,
                plan.createdAt(),
                "sha256:x",
                PlanDigest.of(plan.domains().get(0)),
                "/b.xml",
                List.of(IMAGE),
                List.of()));

        assertRefused(plan, false, "an earlier apply of 'site1' did not finish: continue it with --resume");
    }

    @Test
    void aDefinitionChangedSincePlanning() {
        Plan plan = host.plan("site1");
        host.libvirt.define(host.libvirt.inactiveXml("site1").replace("<vcpu>1</vcpu>", "<vcpu>2</vcpu>"));
        host.libvirt.defines().clear();

        assertRefused(
                plan,
                false,
                "the definition of 'site1' changed since it was planned: /domain/vcpu/text(): '2' vs"
                        + " '1' (now vs the plan's originalXml); plan again");
    }

    @Test
    void aPlannedLvNameTakenByAnLvVirtTuneDidNotCreate() {
        Plan plan = host.plan("site1");
        host.lv(ApplyHarness.someoneElses("site1-vda", 8 * GIB));

        assertRefused(plan, false, "LV vg/site1-vda exists already and was not created by virt-tune");
    }

    /** The table has room for one line; the result keeps every reason, for apply --json. */
    @Test
    void severalRefusalsAreEachKept() {
        Plan plan = host.plan("site1");
        host.lv(ApplyHarness.someoneElses("site1-vda", 8 * GIB));
        host.lockedElsewhere(IMAGE);

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail());
        assertEquals(2, result.reasons().size(), result.reasons().toString());
        assertTrue(
                result.reasons().get(0).contains("LV vg/site1-vda exists already and was not created by virt-tune"),
                result.reasons().toString());
        assertTrue(result.reasons().get(1).contains(IMAGE), result.reasons().toString());
        assertTrue(result.detail().endsWith("(and 1 more reason(s) above)"), result.detail());
    }

    @Test
    void anImageInUse() {
        Plan plan = host.plan("site1");
        host.lockedElsewhere(IMAGE);

        assertRefused(plan, false, "disk vda: image " + IMAGE + " is in use by another process");
    }
}

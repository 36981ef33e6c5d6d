package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.journal.PredictedBesideTaken;
import io.virttune.plan.Plan;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** apply puts each guest's predicted downtime beside the time its copies took, as its journal says. */
class PredictedBesideTakenTest extends Site1Test {
    @Test
    void aGuestMovedThisRunHasItsPredictionBesideTheTimeItsJournaledCopiesTook() {
        Plan plan = host.scheduledPlan("site1");
        host.replySite1Migration();
        host.apply(plan, true, false);

        List<PredictedBesideTaken> found = PredictedBesideTaken.of(plan, List.of("site1"), host.state);

        String detail = host.state.journal(UUID).orElseThrow().entries().stream()
                .filter(entry -> entry.kind().equals("convert-image") && entry.state() == JournalEntry.StepState.DONE)
                .findFirst()
                .orElseThrow()
                .detail();
        Matcher seconds = Pattern.compile("in (\\d+\\.\\d+) s").matcher(detail);
        assertTrue(seconds.find(), detail);
        double took = Double.parseDouble(seconds.group(1));
        // Its whole 8 GiB linear LV written and verified, not its 2 GiB of data.
        assertEquals(List.of(new PredictedBesideTaken("site1", false, 82, took)), found);
        assertEquals(took / 82, found.get(0).ratio(), 1e-9);
    }

    @Test
    void noneForAGuestNotMovedThisRunOrAPlanWithoutASchedule() {
        Plan plan = host.scheduledPlan("site1");
        host.replySite1Migration();
        host.apply(plan, true, false);

        assertEquals(List.of(), PredictedBesideTaken.of(plan, List.of(), host.state), "not moved this run");
        assertEquals(
                List.of(),
                PredictedBesideTaken.of(host.plan("site1"), List.of("site1"), host.state),
                "nothing predicted");
    }
}

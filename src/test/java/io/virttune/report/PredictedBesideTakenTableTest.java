package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.apply.journal.PredictedBesideTaken;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PredictedBesideTakenTableTest {
    private static String printed(List<PredictedBesideTaken> domains) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            PredictedBesideTakenTable.print(out, domains, 100);
        }
        return text.toString();
    }

    @Test
    void eachGuestsPredictionStandsBesideWhatItTookWithTheirRatio() {
        assertEquals(
                """

                Predicted and taken: a guest down to move, its copies and their verify (its downtime); one moved
                                     live, its block copies (what they took includes each switch), and beside them
                                     how long it was paused for its switches; as the plan's schedule predicted them
                                     and as the journal timed them
                  DOMAIN  MOVE  PREDICTED  TOOK    TOOK / PREDICTED  PAUSE (PREDICTED)  PAUSED
                  web01   down  1m12s      1m21s   1.12              -                  -
                  db01    live  22m58s     19m02s  0.83              unknown            240 ms
                  sql01   live  10m00s     9m00s   0.90              4s + unknown       4310 ms
                  app01   live  5m00s      5m10s   1.03              380 ms             412 ms
                """,
                printed(List.of(
                        new PredictedBesideTaken("web01", false, 72, 80.4),
                        new PredictedBesideTaken(
                                "db01", true, 1378, 1141.2, Optional.of(new PredictedBesideTaken.Pause(0, 0, 240))),
                        new PredictedBesideTaken(
                                "sql01", true, 600, 540, Optional.of(new PredictedBesideTaken.Pause(4, 0, 4310))),
                        new PredictedBesideTaken(
                                "app01", true, 300, 310, Optional.of(new PredictedBesideTaken.Pause(0, 380, 412))))));
    }

    @Test
    void nothingWhenNoGuestWasPredicted() {
        assertEquals("", printed(List.of()));
    }
}

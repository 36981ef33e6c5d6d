package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressRelayTest {
    private static final String LIVE = "{\"type\":\"progress\",\"time\":\"2026-12-06T23:00:00Z\",\"domain\":\"db1\","
            + "\"target\":\"/dev/vg/db1-vda\",\"phase\":\"live\",\"state\":\"running\",\"bytes_done\":%d,"
            + "\"bytes_total\":1000,\"elapsed_seconds\":%d,\"rate\":0,\"eta_seconds\":null}";

    private final List<String> lines = new ArrayList<>();

    @Test
    void aPersonGetsALinePerTenthOfEachHostsCopyWhateverTheEventsRate() {
        ProgressRelay relay = new ProgressRelay(lines::add, false);
        relay.pass("hv1", LIVE.formatted(120, 2));
        relay.pass("hv1", LIVE.formatted(150, 3));
        relay.pass("hv2", LIVE.formatted(150, 3));
        relay.pass("hv1", LIVE.formatted(310, 4));

        assertEquals(
                List.of(
                        "[hv1] [db1]   db1 /dev/vg/db1-vda (live)  10% after 0:02, about 0:15 left",
                        "[hv2] [db1]   db1 /dev/vg/db1-vda (live)  10% after 0:03, about 0:17 left",
                        "[hv1] [db1]   db1 /dev/vg/db1-vda (live)  30% after 0:04, about 0:09 left"),
                lines);
    }

    @Test
    void aLineThatIsNoEventIsProseWhateverItLooksLike() {
        ProgressRelay relay = new ProgressRelay(lines::add, true);
        relay.pass("hv1", "{\"type\":\"other\"}");
        relay.pass("hv1", "{not json");

        assertEquals(List.of("[hv1] {\"type\":\"other\"}", "[hv1] {not json"), lines);
    }
}

package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressRelayTest {
    private static final String LIVE = event("live", "running");
    /** An offline copy's and then its verify's events, of the same target. */
    private static final String COPY = event("copy", "%s");

    private static final String VERIFY = event("verify", "%s");

    private static String event(String phase, String state) {
        return "{\"type\":\"progress\",\"time\":\"2026-12-06T23:00:00Z\",\"domain\":\"db1\","
                + "\"target\":\"/dev/vg/db1-vda\",\"phase\":\"" + phase + "\",\"state\":\"" + state
                + "\",\"bytes_done\":%d,\"bytes_total\":1000,\"elapsed_seconds\":%d,\"rate\":0,\"eta_seconds\":null}";
    }

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
    void aVerifyAfterItsCopyCountsItsOwnTenthsUnderItsOwnName() {
        ProgressRelay relay = new ProgressRelay(lines::add, false);
        relay.pass("hv1", COPY.formatted("done", 1000, 10));
        relay.pass("hv1", VERIFY.formatted("running", 0, 0));
        relay.pass("hv1", VERIFY.formatted("done", 1000, 5));

        assertEquals(
                List.of(
                        "[hv1] [db1]   db1 /dev/vg/db1-vda 100% after 0:10",
                        "[hv1] [db1]   db1 /dev/vg/db1-vda (verify)   0% after 0:00",
                        "[hv1] [db1]   db1 /dev/vg/db1-vda (verify) 100% after 0:05"),
                lines);
    }

    @Test
    void aScriptGetsEachHostsVerifyEventsWithTheHostNamed() throws Exception {
        ProgressRelay relay = new ProgressRelay(lines::add, true);
        relay.pass("hv2", VERIFY.formatted("failed", 400, 3));

        JsonNode relayed = new ObjectMapper().readTree(lines.get(0));
        Iterator<String> fields = relayed.fieldNames();
        assertEquals(List.of("type", "host"), List.of(fields.next(), fields.next()), "the host right after the type");
        assertEquals("hv2", relayed.get("host").asText());
        assertEquals("verify", relayed.get("phase").asText());
        assertEquals("failed", relayed.get("state").asText());
        assertEquals(400, relayed.get("bytes_done").asLong());
        assertEquals(1, lines.size(), lines.toString());
    }

    @Test
    void aLineThatIsNoEventIsProseWhateverItLooksLike() {
        ProgressRelay relay = new ProgressRelay(lines::add, true);
        relay.pass("hv1", "{\"type\":\"other\"}");
        relay.pass("hv1", "{not json");

        assertEquals(List.of("[hv1] {\"type\":\"other\"}", "[hv1] {not json"), lines);
    }
}

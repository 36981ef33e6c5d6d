package io.virttune.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressMeterTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long GIB = 1L << 30;

    private final StringWriter text = new StringWriter();
    private long now = 0;

    private ProgressMeter meter(ProgressStyle style) {
        return new ProgressMeter(
                new PrintWriter(text),
                style,
                "  web01 /dev/vg/web01-vda",
                "web01",
                "/dev/vg/web01-vda",
                "copy",
                4 * GIB,
                () -> now,
                Clock.fixed(Instant.parse("2026-12-06T23:00:00Z"), ZoneOffset.UTC));
    }

    private List<JsonNode> events() throws Exception {
        List<JsonNode> events = new ArrayList<>();
        for (String line : text.toString().lines().toList()) {
            events.add(JSON.readTree(line));
        }
        return events;
    }

    @Test
    void aLogGetsALinePerTenthWithTheTimeLeftAtThePaceSoFar() {
        ProgressMeter meter = meter(ProgressStyle.LINES);
        meter.accept(0);
        now = 30_000_000_000L;
        meter.accept(25);
        now = 60_000_000_000L;
        meter.accept(100);

        assertEquals(
                String.join(
                        "\n",
                        "  web01 /dev/vg/web01-vda   0% after 0:00",
                        "  web01 /dev/vg/web01-vda  20% after 0:30, about 1:30 left",
                        "  web01 /dev/vg/web01-vda 100% after 1:00",
                        ""),
                text.toString());
    }

    @Test
    void aTerminalGetsABarWithItsEta() {
        ProgressMeter meter = meter(ProgressStyle.BAR);
        now = 90_000_000_000L;
        meter.accept(60);

        assertEquals(
                "\r  web01 /dev/vg/web01-vda [##################............]  60.0% 1:30 ETA 1:00", text.toString());
    }

    @Test
    void aScriptGetsAnEventASecondAtMostWithBytesRateAndEtaAndALastOneAtTheEnd() throws Exception {
        ProgressMeter meter = meter(ProgressStyle.EVENTS);
        meter.accept(0);
        now = 500_000_000L;
        meter.accept(5); // within the second: not shown
        now = 2_000_000_000L;
        meter.accept(25);
        now = 2_100_000_000L;
        meter.accept(30); // within the second: not shown
        now = 8_000_000_000L;
        meter.accept(100);
        meter.accept(100); // the end is said once

        List<JsonNode> events = events();
        assertEquals(3, events.size(), text.toString());
        JsonNode quarter = events.get(1);
        assertEquals("progress", quarter.get("type").asText());
        assertEquals("2026-12-06T23:00:00Z", quarter.get("time").asText());
        assertEquals("web01", quarter.get("domain").asText());
        assertEquals("/dev/vg/web01-vda", quarter.get("target").asText());
        assertEquals("copy", quarter.get("phase").asText());
        assertEquals("running", quarter.get("state").asText());
        assertEquals(GIB, quarter.get("bytes_done").asLong());
        assertEquals(4 * GIB, quarter.get("bytes_total").asLong());
        assertEquals(2, quarter.get("elapsed_seconds").asLong());
        assertEquals(GIB / 2, quarter.get("rate").asLong());
        assertEquals(6, quarter.get("eta_seconds").asLong());
        assertTrue(events.get(0).get("eta_seconds").isNull(), "no pace yet at the start");
        JsonNode last = events.get(2);
        assertEquals("done", last.get("state").asText());
        assertEquals(4 * GIB, last.get("bytes_done").asLong());
        assertEquals(GIB / 2, last.get("rate").asLong());
        assertTrue(last.get("eta_seconds").isNull());
    }

    @Test
    void aLiveCopyCountsTheBytesItsJobReportsAndOneThatStopsShortSaysSo() throws Exception {
        ProgressMeter meter = meter(ProgressStyle.EVENTS);
        now = 1_000_000_000L;
        meter.bytes(GIB, 8 * GIB);
        now = 3_000_000_000L;
        meter.stopShort();
        meter.stopShort();

        List<JsonNode> events = events();
        assertEquals(2, events.size(), text.toString());
        assertEquals(8 * GIB, events.get(0).get("bytes_total").asLong(), "the job's total, not the planned size");
        assertEquals("stopped", events.get(1).get("state").asText());
        assertEquals(GIB, events.get(1).get("bytes_done").asLong());
        assertTrue(events.get(1).get("eta_seconds").isNull());
    }

    @Test
    void aFailedTaskEndsWithALastEventThatSaysSoAndNothingAfterIt() throws Exception {
        ProgressMeter meter = meter(ProgressStyle.EVENTS);
        now = 1_000_000_000L;
        meter.accept(25);
        now = 3_000_000_000L;
        meter.failed();
        meter.failed();
        meter.done();

        List<JsonNode> events = events();
        assertEquals(2, events.size(), text.toString());
        assertEquals("failed", events.get(1).get("state").asText());
        assertEquals(GIB, events.get(1).get("bytes_done").asLong());
        assertEquals(3, events.get(1).get("elapsed_seconds").asLong());
        assertTrue(events.get(1).get("eta_seconds").isNull());
    }

    @Test
    void aTaskThatSucceedsWithoutDrawingItsEndIsShownDoneOnce() throws Exception {
        ProgressMeter meter = meter(ProgressStyle.EVENTS);
        meter.accept(0);
        now = 2_000_000_000L;
        meter.done();
        meter.done();
        meter.failed();

        List<JsonNode> events = events();
        assertEquals(2, events.size(), text.toString());
        assertEquals("done", events.get(1).get("state").asText());
        assertEquals(4 * GIB, events.get(1).get("bytes_done").asLong());
    }

    @Test
    void aTaskThatShowedNothingShowsNoEndEither() {
        ProgressMeter meter = meter(ProgressStyle.LINES);
        meter.done();

        assertEquals("", text.toString(), "a dry run's verify ran nothing");
    }

    @Test
    void aVerifyCountsTheBytesOfItsPartsOnOverThemAll() throws Exception {
        ProgressMeter meter = meter(ProgressStyle.EVENTS);
        meter.part(0, 2 * GIB, 6 * GIB).accept(50);
        now = 1_000_000_000L;
        meter.part(2 * GIB, 4 * GIB, 6 * GIB).accept(0);
        now = 2_000_000_000L;
        meter.part(2 * GIB, 4 * GIB, 6 * GIB).accept(50);
        now = 3_000_000_000L;
        meter.part(2 * GIB, 4 * GIB, 6 * GIB).accept(100);

        List<JsonNode> events = events();
        assertEquals(
                List.of(GIB, 2 * GIB, 4 * GIB, 6 * GIB),
                events.stream().map(event -> event.get("bytes_done").asLong()).toList(),
                "the second part goes on from where the first ended");
        assertEquals(6 * GIB, events.get(0).get("bytes_total").asLong());
        assertEquals("done", events.get(3).get("state").asText());
    }

    @Test
    void aBarEndsItsLineWhenItsTaskFails() {
        ProgressMeter meter = meter(ProgressStyle.BAR);
        meter.accept(10);
        meter.failed();

        assertTrue(text.toString().endsWith("\n"), text.toString());
    }
}

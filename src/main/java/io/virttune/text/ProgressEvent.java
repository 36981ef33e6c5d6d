package io.virttune.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How far one copy or verify has got, as a script reads it: one JSON object on one line of stderr
 * (docs/json.md, "Progress events"), its rate and time left at the pace of the whole copy so far.
 */
public record ProgressEvent(
        Instant time,
        String domain,
        String target,
        String phase,
        String state,
        long bytesDone,
        long bytesTotal,
        long elapsedSeconds) {
    /** The event's {@code type}, which tells its lines from the others on stderr. */
    public static final String TYPE = "progress";

    /** The copy is under way. */
    public static final String RUNNING = "running";
    /** The copy reached its end: the task's last event. */
    public static final String DONE = "done";
    /** The copy stopped short of its end (it is made again, or the domain fails): the task's last event. */
    public static final String STOPPED = "stopped";
    /** The copy or verify failed (its domain's result says why): the task's last event. */
    public static final String FAILED = "failed";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Bytes per second over the whole copy so far; 0 before a second has passed. */
    public long rate() {
        return elapsedSeconds <= 0 ? 0 : bytesDone / elapsedSeconds;
    }

    /** Seconds left at {@link #rate}: none before there is a pace or once the copy has ended. */
    public OptionalLong etaSeconds() {
        long rate = rate();
        if (!state.equals(RUNNING) || rate <= 0 || bytesDone >= bytesTotal) {
            return OptionalLong.empty();
        }
        return OptionalLong.of((bytesTotal - bytesDone + rate - 1) / rate);
    }

    /** The event as its JSON object, its fields in the documented order. */
    public ObjectNode json() {
        ObjectNode node = JSON.createObjectNode();
        node.put("type", TYPE);
        node.put("time", time.toString());
        node.put("domain", domain);
        node.put("target", target);
        node.put("phase", phase);
        node.put("state", state);
        node.put("bytes_done", bytesDone);
        node.put("bytes_total", bytesTotal);
        node.put("elapsed_seconds", elapsedSeconds);
        node.put("rate", rate());
        OptionalLong eta = etaSeconds();
        if (eta.isPresent()) {
            node.put("eta_seconds", eta.getAsLong());
        } else {
            node.putNull("eta_seconds");
        }
        return node;
    }

    /** The event as its one line. */
    public String line() {
        return json().toString();
    }

    /** The event object a line of stderr holds, or empty for any other line (prose for a person). */
    public static Optional<ObjectNode> objectOf(String line) {
        if (!line.startsWith("{")) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(line);
            return node instanceof ObjectNode object
                            && TYPE.equals(object.path("type").asText())
                    ? Optional.of(object)
                    : Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** The event {@code object} ({@link #objectOf}) holds. */
    public static ProgressEvent of(JsonNode object) {
        return new ProgressEvent(
                Instant.parse(object.path("time").asText(Instant.EPOCH.toString())),
                object.path("domain").asText(),
                object.path("target").asText(),
                object.path("phase").asText(),
                object.path("state").asText(),
                object.path("bytes_done").asLong(),
                object.path("bytes_total").asLong(),
                object.path("elapsed_seconds").asLong());
    }

    /** Percent done, from 0 to 100; 0 while the total is not yet known. */
    public double percent() {
        return bytesTotal <= 0 ? 0 : Math.min(100, bytesDone * 100.0 / bytesTotal);
    }
}

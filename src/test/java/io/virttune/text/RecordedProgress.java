package io.virttune.text;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;
import java.util.Optional;

/** The progress events a domain's copies and verifies wrote, as a script reading stderr takes them. */
public final class RecordedProgress {
    private final StringWriter written = new StringWriter();
    private final PrintWriter out = new PrintWriter(written, true);

    /** Meters of {@code domain}'s tasks whose events this records. */
    public ProgressMeters meters(String domain) {
        return new ProgressMeters(ProgressStyle.EVENTS, out, out, domain);
    }

    /** Meters that show nothing: a test of what a copy does, not of what it shows. */
    public static ProgressMeters none() {
        PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
        return new ProgressMeters(ProgressStyle.LINES, nowhere, nowhere, "none");
    }

    /** The events of the tasks of the {@code phases}, in the order written. */
    public List<ObjectNode> of(String... phases) {
        return written.toString()
                .lines()
                .map(ProgressEvent::objectOf)
                .flatMap(Optional::stream)
                .filter(event -> List.of(phases).contains(event.path("phase").asText()))
                .toList();
    }

    /** The last event of {@code phase}'s tasks: what a script is left with. */
    public ObjectNode last(String phase) {
        List<ObjectNode> events = of(phase);
        if (events.isEmpty()) {
            throw new AssertionError("no " + phase + " event among: " + written);
        }
        return events.get(events.size() - 1);
    }

    @Override
    public String toString() {
        return written.toString();
    }
}

package io.virttune.fleet;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.text.ProgressEvent;
import io.virttune.text.ProgressLines;
import io.virttune.text.ProgressMeters;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Passes on what each host's own virt-tune prints as it goes, from any host's thread: its prose
 * after the host's name, "[HOST] LINE"; its progress events ({@link ProgressEvent}) for a script
 * with the host's name added, or for a person as a line per tenth of each copy.
 */
public final class ProgressRelay {
    private final Consumer<String> out;
    private final boolean events;
    /** Each copy's tenths shown so far, by host, domain, target and phase. */
    private final Map<String, ProgressLines> copies = new ConcurrentHashMap<>();

    /** {@code out}: where the lines go, each whole; {@code events}: pass the events on as events (beside --json). */
    public ProgressRelay(Consumer<String> out, boolean events) {
        this.out = out;
        this.events = events;
    }

    /** One line {@code host}'s virt-tune printed on its stderr. */
    public void pass(String host, String line) {
        Optional<ObjectNode> event = ProgressEvent.objectOf(line);
        if (event.isEmpty()) {
            out.accept("[" + host + "] " + line);
        } else if (events) {
            out.accept(withHost(host, event.get()).toString());
        } else {
            asText(host, ProgressEvent.of(event.get()));
        }
    }

    /** The event with {@code host} right after its type, where a reader of the fleet's events looks first. */
    private static ObjectNode withHost(String host, ObjectNode event) {
        ObjectNode relayed = JsonNodeFactory.instance.objectNode();
        relayed.set("type", event.get("type"));
        relayed.put("host", host);
        event.fields().forEachRemaining(field -> {
            if (!relayed.has(field.getKey())) {
                relayed.set(field.getKey(), field.getValue());
            }
        });
        return relayed;
    }

    private void asText(String host, ProgressEvent event) {
        String copy = String.join("\0", host, event.domain(), event.target(), event.phase());
        String label = ProgressMeters.label(event.domain(), event.target(), event.phase());
        copies.computeIfAbsent(copy, key -> new ProgressLines())
                .next(label, event.percent(), event.elapsedSeconds(), event.etaSeconds())
                .ifPresent(text -> out.accept("[" + host + "] [" + event.domain() + "] " + text));
    }
}

package io.virttune.host;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A block device's I/O scheduler setting as sysfs shows it, e.g. {@code none [mq-deadline] bfq}:
 * the active one in brackets, or a lone name when the device offers no choice.
 */
public record IoScheduler(String active, List<String> available) {

    public IoScheduler {
        available = List.copyOf(available);
    }

    /** Parses the content of {@code queue/scheduler}; empty when it names no active scheduler. */
    public static Optional<IoScheduler> parse(String text) {
        List<String> words = Arrays.stream(text.strip().split("\\s+"))
                .filter(word -> !word.isEmpty())
                .toList();
        List<String> names = words.stream().map(IoScheduler::unbracketed).toList();
        Optional<String> bracketed = words.stream()
                .filter(word -> word.startsWith("[") && word.endsWith("]"))
                .map(IoScheduler::unbracketed)
                .findFirst();
        if (bracketed.isPresent()) {
            return Optional.of(new IoScheduler(bracketed.get(), names));
        }
        return names.size() == 1 ? Optional.of(new IoScheduler(names.get(0), names)) : Optional.empty();
    }

    private static String unbracketed(String word) {
        return word.startsWith("[") && word.endsWith("]") ? word.substring(1, word.length() - 1) : word;
    }
}

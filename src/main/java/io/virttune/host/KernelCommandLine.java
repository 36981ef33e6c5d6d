package io.virttune.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The kernel command line the host booted with, as raw text and as parameters in their order;
 * what follows a lone {@code --} belongs to init and is not a kernel parameter.
 */
public record KernelCommandLine(String raw, List<KernelParameter> parameters) {

    public KernelCommandLine {
        parameters = List.copyOf(parameters);
    }

    /** The command line of a host whose /proc/cmdline could not be read. */
    public static KernelCommandLine unknown() {
        return new KernelCommandLine("", List.of());
    }

    /** Splits on whitespace outside double quotes, as the kernel does, and drops the quotes. */
    public static KernelCommandLine parse(String raw) {
        List<KernelParameter> parameters = new ArrayList<>();
        for (String word : words(raw)) {
            if (word.equals("--")) {
                break;
            }
            int equals = word.indexOf('=');
            parameters.add(
                    equals < 0
                            ? new KernelParameter(word, Optional.empty())
                            : new KernelParameter(word.substring(0, equals), Optional.of(word.substring(equals + 1))));
        }
        return new KernelCommandLine(raw, parameters);
    }

    private static List<String> words(String raw) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        for (char c : raw.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (!word.isEmpty()) {
                    words.add(word.toString());
                    word.setLength(0);
                }
            } else {
                word.append(c);
            }
        }
        if (!word.isEmpty()) {
            words.add(word.toString());
        }
        return words;
    }

    public boolean has(String name) {
        return parameters.stream().anyMatch(parameter -> parameter.isNamed(name));
    }

    /** The value the kernel acts on for a parameter given more than once: the last one. */
    public Optional<String> value(String name) {
        List<String> values = values(name);
        return values.isEmpty() ? Optional.empty() : Optional.of(values.get(values.size() - 1));
    }

    /** Every value of a repeatable parameter in order, e.g. each {@code hugepagesz=}. */
    public List<String> values(String name) {
        return parameters.stream()
                .filter(parameter -> parameter.isNamed(name))
                .flatMap(parameter -> parameter.value().stream())
                .toList();
    }
}

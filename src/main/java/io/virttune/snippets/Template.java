package io.virttune.snippets;

import io.virttune.BundledTemplates;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A text file from {@code templates/} with {@code {{name}}} placeholders, rendered strictly: a
 * placeholder without a value and a value without a placeholder are both errors. Jinja
 * expressions in Ansible templates are written with spaces ({@code {{ var }}}) and pass through.
 */
final class Template {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Za-z0-9_]+)\\}\\}");

    private final String name;
    private final String text;

    Template(String name, String text) {
        this.name = name;
        this.text = text;
    }

    /** Loads {@code templates/NAME} from the classpath. */
    static Template load(String name) {
        return new Template(name, BundledTemplates.text(name));
    }

    String render(Map<String, String> values) {
        Set<String> placeholders = placeholders();
        Set<String> missing = new TreeSet<>(placeholders);
        missing.removeAll(values.keySet());
        Set<String> unknown = new TreeSet<>(values.keySet());
        unknown.removeAll(placeholders);
        if (!missing.isEmpty() || !unknown.isEmpty()) {
            throw new IllegalStateException(
                    "template " + name + ": no value for " + missing + ", no placeholder for " + unknown);
        }
        return PLACEHOLDER.matcher(text).replaceAll(match -> Matcher.quoteReplacement(values.get(match.group(1))));
    }

    private Set<String> placeholders() {
        Set<String> names = new LinkedHashSet<>();
        Matcher matcher = PLACEHOLDER.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }
}

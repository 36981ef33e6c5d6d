package io.virttune.cli;

import io.virttune.inspect.Severity;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads a severity as findings print it (error, warning, info), in any case. */
public final class SeverityConverter implements ITypeConverter<Severity> {

    @Override
    public Severity convert(String text) {
        return Arrays.stream(Severity.values())
                .filter(severity -> severity.label().equals(text.toLowerCase(Locale.ROOT)))
                .findFirst()
                .orElseThrow(() ->
                        new TypeConversionException("'" + text + "' is not a severity: give error, warning or info"));
    }

    /** The severities, for completion and help. */
    public static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Severity.values()).map(Severity::label).iterator();
        }
    }
}

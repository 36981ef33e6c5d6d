package io.virttune.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads sizes the way LVM writes them: a number and a binary unit (4M, 100G, 1.5T, 512MiB). */
public final class SizeConverter implements ITypeConverter<Long> {
    private static final Pattern SIZE =
            Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([KMGTP]?)(?:i?B)?", Pattern.CASE_INSENSITIVE);

    @Override
    public Long convert(String text) {
        Matcher matcher = SIZE.matcher(text.trim());
        if (!matcher.matches()) {
            throw new TypeConversionException("'" + text + "' is not a size (examples: 4M, 100G, 1.5T)");
        }
        int shift = 10
                * "BKMGTP"
                        .indexOf(
                                matcher.group(2).isEmpty()
                                        ? "B"
                                        : matcher.group(2).toUpperCase(Locale.ROOT));
        double bytes = Double.parseDouble(matcher.group(1)) * (1L << shift);
        if (bytes < 1 || bytes > Long.MAX_VALUE / 2) {
            throw new TypeConversionException("'" + text + "' is out of range: a size is 1 byte to 4 EiB");
        }
        return (long) Math.ceil(bytes);
    }
}

package io.virttune.recipe;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;

/** Reads an XML attribute into one of an enum's constants, telling an absent value from an unknown one. */
final class AttributeValues {
    private AttributeValues() {}

    static <E extends Enum<E>> E parse(
            E[] constants, Function<E, String> xml, Optional<String> attribute, E absent, E unknown) {
        return attribute
                .map(value -> Arrays.stream(constants)
                        .filter(constant -> xml.apply(constant).equals(value))
                        .findFirst()
                        .orElse(unknown))
                .orElse(absent);
    }

    static String written(Enum<?> constant, String xml) {
        if (xml.isEmpty()) {
            throw new IllegalStateException(constant + " is not a value to write");
        }
        return xml;
    }
}

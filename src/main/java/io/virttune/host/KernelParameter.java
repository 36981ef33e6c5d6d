package io.virttune.host;

import java.util.Optional;

/** One parameter of the kernel command line: a bare flag such as {@code quiet}, or name=value. */
public record KernelParameter(String name, Optional<String> value) {

    /** Whether this parameter has the given name, the kernel treating '-' and '_' alike. */
    public boolean isNamed(String other) {
        return canonical(name).equals(canonical(other));
    }

    private static String canonical(String parameterName) {
        return parameterName.replace('-', '_');
    }
}

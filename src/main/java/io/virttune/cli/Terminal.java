package io.virttune.cli;

import java.io.Console;
import java.util.Optional;
import java.util.OptionalInt;

/** The operator at a terminal, asked before what cannot be undone; scripts and CI have none. */
public interface Terminal {

    /** The answer to {@code question}, or empty when there is no terminal to ask on. */
    Optional<String> ask(String question);

    /** How many columns the output has, or empty when it goes to a file or a pipe (whole lines). */
    default OptionalInt columns() {
        return OptionalInt.empty();
    }

    /** Standard input and output when they are a terminal (System.console()), else none. */
    static Terminal system() {
        return new Terminal() {
            @Override
            public Optional<String> ask(String question) {
                Console console = System.console();
                return console == null ? Optional.empty() : Optional.ofNullable(console.readLine("%s", question));
            }

            @Override
            public OptionalInt columns() {
                return ReportWidth.ofThisProcess();
            }
        };
    }
}

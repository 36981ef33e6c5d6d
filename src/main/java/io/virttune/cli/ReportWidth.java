package io.virttune.cli;

import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How wide a text report may be: {@code --width}, else {@code $COLUMNS}, else the terminal's width
 * when the report goes to one, else no limit (0): a file or a pipe gets whole lines to grep.
 */
final class ReportWidth {
    /** What a terminal that does not say its width is taken to have. */
    static final int TERMINAL_DEFAULT = 80;

    private static final Pattern STTY_SIZE = Pattern.compile("\\A\\d+ (\\d+)\\s*\\z");

    private ReportWidth() {}

    /** The output's columns, else 0 (no limit): for a command without {@code --width}. */
    static int of(Terminal terminal) {
        return of(OptionalInt.empty(), terminal);
    }

    /** {@code --width} if given, else the output's columns, else 0 (no limit). */
    static int of(OptionalInt option, Terminal terminal) {
        return option.isPresent() ? option.getAsInt() : terminal.columns().orElse(0);
    }

    /** The columns of this process's output: its environment, its terminal. */
    static OptionalInt ofThisProcess() {
        // Java 17's System.console() is there only when standard input and output are a terminal.
        return columns(Optional.ofNullable(System.getenv("COLUMNS")), System.console() != null, ReportWidth::stty);
    }

    static OptionalInt columns(Optional<String> environment, boolean terminal, Supplier<OptionalInt> terminalColumns) {
        Optional<Integer> given =
                environment.filter(value -> value.matches("\\d{1,4}")).map(Integer::valueOf);
        if (given.isPresent()) {
            return given.get() == 0 ? OptionalInt.empty() : OptionalInt.of(given.get());
        }
        return terminal ? OptionalInt.of(terminalColumns.get().orElse(TERMINAL_DEFAULT)) : OptionalInt.empty();
    }

    /** The controlling terminal's columns as stty reports them ("ROWS COLUMNS"). */
    private static OptionalInt stty() {
        ProcessResult size = new LocalProcessRunner().run(List.of("stty", "-F", "/dev/tty", "size"));
        return size.succeeded() ? columnsOfStty(size.stdout()) : OptionalInt.empty();
    }

    static OptionalInt columnsOfStty(String output) {
        Matcher size = STTY_SIZE.matcher(output);
        return size.matches() && Integer.parseInt(size.group(1)) > 0
                ? OptionalInt.of(Integer.parseInt(size.group(1)))
                : OptionalInt.empty();
    }
}

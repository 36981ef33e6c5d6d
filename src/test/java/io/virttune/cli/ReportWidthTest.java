package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** How wide a text report is: --width, else $COLUMNS, else the terminal's, else no limit for a file or a pipe. */
class ReportWidthTest {
    private static final OptionalInt TTY_100 = OptionalInt.of(100);

    private static Terminal withColumns(OptionalInt columns) {
        return new Terminal() {
            @Override
            public Optional<String> ask(String question) {
                return Optional.empty();
            }

            @Override
            public OptionalInt columns() {
                return columns;
            }
        };
    }

    @Test
    void theOptionWinsOverTheOutputsColumns() {
        assertEquals(120, ReportWidth.of(OptionalInt.of(120), withColumns(OptionalInt.of(90))));
        assertEquals(0, ReportWidth.of(OptionalInt.of(0), withColumns(OptionalInt.of(90))));
        assertEquals(90, ReportWidth.of(OptionalInt.empty(), withColumns(OptionalInt.of(90))));
        assertEquals(0, ReportWidth.of(OptionalInt.empty(), question -> Optional.empty()));
    }

    @Test
    void columnsThenTheTerminal() {
        assertEquals(OptionalInt.of(90), ReportWidth.columns(Optional.of("90"), false, () -> TTY_100));
        assertEquals(OptionalInt.of(100), ReportWidth.columns(Optional.empty(), true, () -> TTY_100));
        assertEquals(OptionalInt.of(100), ReportWidth.columns(Optional.of("wide"), true, () -> TTY_100));
        assertEquals(OptionalInt.of(80), ReportWidth.columns(Optional.empty(), true, OptionalInt::empty));
    }

    @Test
    void aFileOrAPipeTakesWholeLines() {
        assertEquals(OptionalInt.empty(), ReportWidth.columns(Optional.empty(), false, () -> TTY_100));
        assertEquals(OptionalInt.empty(), ReportWidth.columns(Optional.of("0"), true, () -> TTY_100));
    }

    @Test
    void sttyTellsTheTerminalsColumns() {
        assertEquals(OptionalInt.of(132), ReportWidth.columnsOfStty("43 132\n"));
        assertEquals(OptionalInt.empty(), ReportWidth.columnsOfStty("stty: /dev/tty: No such device or address"));
    }
}

package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** How wide a text report is: --width, else $COLUMNS, else the terminal's, else no limit for a file or a pipe. */
class ReportWidthTest {
  private static final OptionalInt TTY_100 = OptionalInt.of(100);

  @Test
  void theOptionWins() {
    assertEquals(120, ReportWidth.of(OptionalInt.of(120), Optional.of("90"), true, () -> TTY_100));
    assertEquals(0, ReportWidth.of(OptionalInt.of(0), Optional.of("90"), true, () -> TTY_100));
  }

  @Test
  void thenColumnsThenTheTerminal() {
    assertEquals(90, ReportWidth.of(OptionalInt.empty(), Optional.of("90"), false, () -> TTY_100));
    assertEquals(100, ReportWidth.of(OptionalInt.empty(), Optional.empty(), true, () -> TTY_100));
    assertEquals(100, ReportWidth.of(OptionalInt.empty(), Optional.of("wide"), true, () -> TTY_100));
    assertEquals(80, ReportWidth.of(OptionalInt.empty(), Optional.empty(), true, OptionalInt::empty));
  }

  @Test
  void aFileOrAPipeTakesWholeLines() {
    assertEquals(0, ReportWidth.of(OptionalInt.empty(), Optional.empty(), false, () -> TTY_100));
    assertEquals(0, ReportWidth.of(OptionalInt.empty(), Optional.of("0"), false, () -> TTY_100));
  }

  @Test
  void sttyTellsTheTerminalsColumns() {
    assertEquals(OptionalInt.of(132), ReportWidth.columnsOfStty("43 132\n"));
    assertEquals(OptionalInt.empty(), ReportWidth.columnsOfStty("stty: /dev/tty: No such device or address"));
  }
}

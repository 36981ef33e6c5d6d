package io.virttune.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Whether a recorded process still runs: its pid and its start time, and a pid given again to another process. */
class ProcessTableTest {
    /** A stat line of pid 1234 started 98765 ticks after boot, its command's name holding a space and a ')'. */
    private static final String STAT = "1234 (java x) y) S 1 1234 1234 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 30 0 98765"
            + " 4096000 2000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";

    private final ProcessTable host =
            new ProcessTable(pid -> Optional.ofNullable(Map.of(1234L, STAT).get(pid)));

    @Test
    void readsTheStartTimeAfterACommandNameWithSpacesAndParentheses() {
        assertEquals(98765, ProcessTable.startTicks(STAT));
        assertEquals(Optional.of(ProcessIdentity.of(1234, 98765)), host.find(1234));
    }

    @Test
    void aRecordRunsOnlyWhileItsPidRunsWithItsStartTime() {
        assertTrue(host.runs(ProcessIdentity.of(1234, 98765)));
        assertFalse(host.runs(ProcessIdentity.of(1234, 98764)), "pid 1234 was given again to another process");
        assertFalse(host.runs(ProcessIdentity.of(4321, 98765)));
    }

    @Test
    void aRecordWithoutAStartTimeIsJudgedByItsPidAloneAndSaysSo() {
        assertTrue(host.runs(ProcessIdentity.pidOnly(1234)));
        assertFalse(host.runs(ProcessIdentity.pidOnly(4321)));
        assertEquals(
                "pid 1234, recorded without its start time: judged by its pid alone",
                ProcessIdentity.pidOnly(1234).describe());
    }

    @Test
    void thisProcessRunsAndTheSamePidWithAnotherStartTimeDoesNot() {
        ProcessIdentity self = ProcessTable.current();

        assertEquals(ProcessHandle.current().pid(), self.pid());
        assertTrue(ProcessTable.here().runs(self));
        assertFalse(ProcessTable.here()
                .runs(ProcessIdentity.of(self.pid(), self.startTicks().getAsLong() + 1)));
    }

    @Test
    void aTokenSpellsThePidAndTheStartTimeAndReadsBack() {
        assertEquals("1234-98765", ProcessIdentity.of(1234, 98765).token());
        assertEquals("1234", ProcessIdentity.pidOnly(1234).token());
        assertEquals(ProcessIdentity.of(1234, 98765), ProcessIdentity.parse("1234-98765"));
        assertEquals(ProcessIdentity.pidOnly(1234), ProcessIdentity.parse("1234"));
    }
}

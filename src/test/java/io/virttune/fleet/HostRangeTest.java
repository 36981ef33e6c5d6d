package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostRangeTest {
    @Test
    void rangesExpandPaddedLetteredStridedAndSeveralPerName() {
        assertEquals(List.of("hv08", "hv09", "hv10"), HostRange.expand("hv[08:10]", "f"));
        assertEquals(List.of("hv8", "hv9", "hv10"), HostRange.expand("hv[8:10]", "f"));
        assertEquals(List.of("r0", "r4", "r8"), HostRange.expand("r[0:9:4]", "f"));
        assertEquals(List.of("a-1.x", "a-2.x", "b-1.x", "b-2.x"), HostRange.expand("[a:b]-[1:2].x", "f"));
        assertEquals(List.of("plain"), HostRange.expand("plain", "f"));
    }

    @Test
    void aRangeThatCannotBeMeantIsAUsageErrorNamingTheName() {
        for (String[] bad : new String[][] {
            {"hv[10:1]", "inv line 3: 'hv[10:1]': the range ends before it starts"},
            {"hv[01:100]", "inv line 3: 'hv[01:100]': a zero-padded range needs its start and end of one width"},
            {
                "hv[1:a]",
                "inv line 3: 'hv[1:a]': a range goes from a number to a number or a letter to a letter, with a stride of at least 1"
            },
            {
                "hv[1:9:0]",
                "inv line 3: 'hv[1:9:0]': a range goes from a number to a number or a letter to a letter, with a stride of at least 1"
            },
            {"hv[1]", "inv line 3: 'hv[1]' has brackets that are not a host range like hv[01:12]"},
            {"hv[1:20000]", "inv line 3: 'hv[1:20000]' names 10001 hosts, more than 10000"}
        }) {
            VirtTuneException e = assertThrows(VirtTuneException.class, () -> HostRange.expand(bad[0], "inv line 3"));
            assertEquals(ExitCode.USAGE, e.exitCode());
            assertEquals(bad[1], e.getMessage());
        }
    }
}

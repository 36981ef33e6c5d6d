package io.virttune.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class RangeListTest {
    @Test
    void readsTheKernelsListsAndWritesRunsAsRanges() {
        assertEquals("0-3,8,10-11", RangeList.parse("0-3,8,10-11").orElseThrow().toString());
        assertEquals(7, RangeList.parse("0-3,8,10-11\n").orElseThrow().size());
        assertEquals("0-3", RangeList.parse("3,1,2,0").orElseThrow().toString());
    }

    @Test
    void anExclusionTakesOutACpuNamedBeforeIt() {
        assertEquals("0-2,4-5", RangeList.parse("0-5,^3").orElseThrow().toString());
        assertEquals("0-5", RangeList.parse("0-5,^3,3").orElseThrow().toString());
    }

    @Test
    void aUnionJoinsTheCpusOfBoth() {
        assertEquals(
                "2-5,8",
                RangeList.parse("2-3")
                        .orElseThrow()
                        .union(RangeList.parse("4-5,8").orElseThrow())
                        .toString());
    }

    @Test
    void whatIsNotAListOrNamesNoCpuIsNone() {
        for (String bad : new String[] {"", "a", "3-1", "1-2-3", "-1", "^1-2", "0,^0", "1,,2"}) {
            assertEquals(Optional.empty(), RangeList.parse(bad), bad);
        }
    }
}

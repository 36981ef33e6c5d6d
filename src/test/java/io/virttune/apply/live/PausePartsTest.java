package io.virttune.apply.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A pause for a pivot, timed part by part. */
class PausePartsTest {
    /** A clock that reads the given milliseconds after the epoch, one a read. */
    private static Clock reading(long... millis) {
        Deque<Instant> reads = new ArrayDeque<>();
        for (long each : millis) {
            reads.add(Instant.EPOCH.plus(Duration.ofMillis(each)));
        }
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return reads.remove();
            }
        };
    }

    @Test
    void eachPartRunsFromTheEndOfTheOneBeforeAndThePauseFromItsStartToTheLastEnd() {
        PauseParts parts = new PauseParts(reading(1000, 1012, 1015, 1230, 1241, 1290, 1302));

        for (String part : List.of("suspend", "uncap", "map", "discards again", "pivot", "resume")) {
            parts.ended(part);
        }

        assertEquals(302, parts.millis());
        assertEquals("suspend 12, uncap 3, map 215, discards again 11, pivot 49, resume 12 ms", parts.toString());
    }
}

package io.virttune.apply.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostBandwidthTest {
    private static final long MIB = 1 << 20;
    /** What happened, in order: "NAME starts at S" and "NAME set to S", in MiB/s. */
    private final List<String> events = new ArrayList<>();

    private HostBandwidth.Lease start(HostBandwidth host, String name, long ownLimit) {
        return host.start(
                ownLimit,
                speed -> events.add(name + " starts at " + speed / MIB),
                speed -> events.add(name + " set to " + speed / MIB));
    }

    @Test
    void aCopyAloneGetsTheCapOrItsOwnLimitIfLower() {
        start(new HostBandwidth(32 * MIB), "a", 0);
        start(new HostBandwidth(32 * MIB), "b", 8 * MIB);

        assertEquals(List.of("a starts at 32", "b starts at 8"), events);
    }

    @Test
    void aSecondCopyHalvesTheFirstBeforeItStartsAndGivesItBackWhenItEnds() {
        HostBandwidth host = new HostBandwidth(32 * MIB);
        HostBandwidth.Lease first = start(host, "first", 0);
        HostBandwidth.Lease second = start(host, "second", 0);
        second.close();
        first.close();
        second.close();

        assertEquals(
                List.of("first starts at 32", "first set to 16", "second starts at 16", "first set to 32"),
                events,
                "the first copy is slowed before the second starts; an ended copy's speed is never set again");
    }

    @Test
    void whatACopyLimitedBelowItsShareLeavesGoesToTheOthers() {
        HostBandwidth host = new HostBandwidth(30 * MIB);
        start(host, "slow", 4 * MIB);
        start(host, "a", 0);
        start(host, "b", 20 * MIB);

        assertEquals(
                List.of("slow starts at 4", "a starts at 26", "a set to 13", "b starts at 13"),
                events,
                "the slow copy keeps its 4 MiB/s, a and b share the 26 left");
    }

    @Test
    void theCopiesTogetherNeverExceedTheCap() {
        HostBandwidth host = new HostBandwidth(10 * MIB + 1);
        long[] speeds = new long[3];
        for (int i = 0; i < 3; i++) {
            int copy = i;
            host.start(0, speed -> speeds[copy] = speed, speed -> speeds[copy] = speed);
        }
        assertTrue(speeds[0] + speeds[1] + speeds[2] <= 10 * MIB + 1, speeds[0] + " " + speeds[1] + " " + speeds[2]);
    }

    @Test
    void aCapBelowOneBytePerCopyNeverLeavesACopyUnlimited() {
        HostBandwidth host = new HostBandwidth(2);
        long[] speeds = new long[3];
        for (int i = 0; i < 3; i++) {
            int copy = i;
            host.start(0, speed -> speeds[copy] = speed, speed -> speeds[copy] = speed);
        }
        assertTrue(speeds[0] > 0 && speeds[1] > 0 && speeds[2] > 0, speeds[0] + " " + speeds[1] + " " + speeds[2]);
    }

    @Test
    void aSpeedThatCouldNotBeSetIsTriedAgainAtTheNextChange() {
        HostBandwidth host = new HostBandwidth(30 * MIB);
        int[] calls = {0};
        host.start(0, speed -> {}, speed -> {
            calls[0]++;
            if (calls[0] == 1) {
                throw new IllegalStateException("libvirtd is restarting");
            }
            events.add("first set to " + speed / MIB);
        });

        HostBandwidth.Lease second = start(host, "second", 0);
        start(host, "third", 0);

        assertEquals(
                List.of("second starts at 15", "first set to 10", "second set to 10", "third starts at 10"), events);
        second.close();
    }

    @Test
    void withoutACapEachCopyRunsAtItsOwnLimit() {
        HostBandwidth host = new HostBandwidth(0);
        start(host, "a", 0);
        start(host, "b", 8 * MIB);

        assertEquals(List.of("a starts at 0", "b starts at 8"), events);
    }

    @Test
    void aCopyThatFailsToStartGivesItsShareBack() {
        HostBandwidth host = new HostBandwidth(32 * MIB);
        start(host, "a", 0);

        assertThrows(
                IllegalStateException.class,
                () -> host.start(
                        0,
                        speed -> {
                            throw new IllegalStateException("the disk already has a block job");
                        },
                        speed -> {}));

        assertEquals(List.of("a starts at 32", "a set to 16", "a set to 32"), events);
    }

    @Test
    void aCopyWhoseJobHasEndedDoesNotFailTheOneThatChangesTheShares() {
        HostBandwidth host = new HostBandwidth(32 * MIB);
        host.start(0, speed -> {}, speed -> {
            throw new IllegalStateException("domain is not running");
        });

        start(host, "b", 0);

        assertEquals(List.of("b starts at 16"), events);
    }

    @Test
    void anOfflineCopyTakesOneSlotsShareAndTheLiveCopiesShareTheRest() {
        HostBandwidth host = new HostBandwidth(90 * MIB, 3);
        start(host, "live", 0);
        HostBandwidth.Lease offline = host.startFixed(0);
        events.add("offline starts at " + offline.speed() / MIB);
        HostBandwidth.Lease capped = host.startFixed(20 * MIB);
        events.add("capped starts at " + capped.speed() / MIB);
        offline.close();

        assertEquals(
                List.of(
                        "live starts at 90",
                        "live set to 60",
                        "offline starts at 30",
                        "live set to 40",
                        "capped starts at 20",
                        "live set to 70"),
                events,
                "an offline copy cannot change speed once started: it takes a third (three jobs), the live copy"
                        + " is slowed before it starts and given back the rest when it ends");
    }

    @Test
    void offlineCopiesInEveryJobStayUnderTheCapTogether() {
        HostBandwidth host = new HostBandwidth(50 * MIB, 2);
        HostBandwidth.Lease first = host.startFixed(0);
        HostBandwidth.Lease second = host.startFixed(0);

        assertEquals(50 * MIB, first.speed() + second.speed());
        assertEquals(25 * MIB, second.speed());
    }

    @Test
    void withoutACapAnOfflineCopyRunsAtItsOwnLimit() {
        HostBandwidth host = new HostBandwidth(0, 4);

        assertEquals(0, host.startFixed(0).speed(), "no cap and no limit: unlimited");
        assertEquals(50 * MIB, host.startFixed(50 * MIB).speed());
    }
}

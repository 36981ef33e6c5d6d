package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.CustodyChain.Action;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Histories of apply, live moves, resume, rollback, cleanup, kills, guests and second processes, through the
 * real commands on a {@link ModelHost}, each step checked by {@link CustodyChain}'s oracle. The
 * random ones are seeded: a failure names its seed, and {@code -Dcustody.seed=N -Dcustody.chains=1}
 * replays it.
 */
class CustodyChainTest {
    private static final long SEED = Long.getLong("custody.seed", 20261206L);
    private static final int CHAINS = Integer.getInteger("custody.chains", 1000);
    private static final int LENGTH = 12;
    /** Apply and its undoing weigh more than a guest's doings: they are what the chains are about. */
    private static final List<Action> WEIGHTED = List.of(Action.values()).stream()
            .flatMap(action -> java.util.Collections.nCopies(
                    switch (action) {
                        case APPLY, ROLLBACK_FORCE, CLEANUP, RESUME -> 3;
                        case APPLY_KILLED, ROLLBACK, START, WRITE, STOP -> 2;
                        default -> 1;
                    },
                    action)
                    .stream())
            .toList();

    @TempDir
    Path temp;

    @Test
    void randomHistoriesNeverLoseADisksNewestBytes() throws IOException {
        java.util.Map<String, Integer> reached = new java.util.TreeMap<>();
        for (int i = 0; i < CHAINS; i++) {
            long seed = SEED + i;
            Random random = new Random(seed);
            CustodyChain chain = new CustodyChain(Files.createDirectory(temp.resolve("chain-" + i)));
            try {
                for (int step = 0; step < LENGTH; step++) {
                    chain.run(WEIGHTED.get(random.nextInt(WEIGHTED.size())), random);
                }
            } catch (AssertionError e) {
                throw new AssertionError(
                        "seed " + seed + " (-Dcustody.seed=" + seed + " -Dcustody.chains=1): " + e.getMessage(), e);
            }
            chain.history.forEach(
                    line -> reached.merge(line.replaceAll("^(\\S+ -> \\S+?):? .*", "$1"), 1, Integer::sum));
        }
        System.out.println("custody chains: " + CHAINS + " of " + LENGTH + " steps from seed " + SEED + ": " + reached);
        if (CHAINS >= 100) {
            // The histories must reach the states the oracle is about, or passing proves nothing.
            for (String outcome : List.of(
                    "APPLY -> DONE",
                    "APPLY_KILLED -> killed",
                    "RESUME -> DONE",
                    "CLEANUP -> DONE",
                    "ROLLBACK -> DONE",
                    "ROLLBACK_FORCE -> DONE",
                    "ROLLBACK_FORCE -> REFUSED",
                    "CLEANUP -> REFUSED",
                    "CLEANUP_DURING_ROLLBACK_FORCE -> DONE",
                    "START_DURING_APPLY -> DONE",
                    "LIVE_MOVE -> DONE",
                    "LIVE_MOVE_KILLED -> killed",
                    "WRITE_DURING_LIVE_MOVE -> DONE")) {
                assertTrue(reached.getOrDefault(outcome, 0) > 0, "no history reached " + outcome + ": " + reached);
            }
        }
    }

    @Test
    void rollbackForceAfterACleanupThatKeptOneImageRefusesAndLosesNothing() {
        CustodyChain chain = chain(
                Action.APPLY,
                Action.START,
                Action.WRITE,
                Action.STOP,
                Action.READER_HOLDS_A,
                Action.CLEANUP,
                Action.ROLLBACK_FORCE);

        assertTrue(
                chain.history.get(5).startsWith("CLEANUP -> DONE: 1 source image(s) removed, 1 kept"),
                chain.history.get(5));
        String rollback = chain.history.get(6);
        assertTrue(
                rollback.startsWith(
                        "ROLLBACK_FORCE -> REFUSED: [custody: way-back] rollback of 'site' would define it on "
                                + CustodyChain.B + ", which is gone (removed by virt-tune cleanup at"),
                rollback);
        assertTrue(chain.host.lvs.containsKey("site-vdb"), "the LV holding disk B is kept");
    }

    @Test
    void rollbackForceAfterACleanupThatKeptABackingFileRefuses() {
        CustodyChain chain = chain(Action.APPLY, Action.OTHER_BACKED_BY_B, Action.CLEANUP, Action.ROLLBACK_FORCE);

        assertTrue(chain.history.get(3).contains("REFUSED: [custody: way-back]"), chain.history.toString());
        assertEquals(2, chain.host.lvs.size(), chain.host.lvs.toString());
    }

    @Test
    void cleanupAndRollbackForceAtOnceLeaveEveryDiskSomewhere() {
        CustodyChain chain = chain(Action.APPLY, Action.CLEANUP_DURING_ROLLBACK_FORCE);

        assertTrue(
                chain.history.get(1).contains("beside it: REFUSED: another virt-tune is still running on 'site'"),
                chain.history.toString());
    }

    @Test
    void aGuestStartedOnItsLvsIsRolledBackOnlyWithForceAndItsWritesNamed() {
        CustodyChain chain =
                chain(Action.APPLY, Action.START, Action.WRITE, Action.STOP, Action.ROLLBACK, Action.ROLLBACK_FORCE);

        assertTrue(chain.history.get(4).startsWith("ROLLBACK -> REFUSED"), chain.history.toString());
        assertTrue(chain.history.get(5).startsWith("ROLLBACK_FORCE -> DONE"), chain.history.toString());
    }

    private CustodyChain chain(Action... actions) {
        try {
            CustodyChain chain = new CustodyChain(Files.createTempDirectory(temp, "chain"));
            Random random = new Random(SEED);
            for (Action action : actions) {
                chain.run(action, random);
            }
            return chain;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

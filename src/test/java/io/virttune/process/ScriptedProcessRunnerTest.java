package io.virttune.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The test runner's two ways of answering: standing answers by command, and recorded replies in order. */
class ScriptedProcessRunnerTest {
    private static final List<String> REPORT = List.of("lvm", "lvs", "--reportformat", "json");
    private static final List<String> CREATE = List.of("lvm", "lvcreate", "-n", "a", "vg");
    private static final Predicate<List<String>> LVS =
            argv -> argv.subList(0, 2).equals(List.of("lvm", "lvs"));

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();

    @Test
    void aStandingAnswerAnswersEveryMatchingCommandAndLeavesTheRepliesInOrderToTheOthers() {
        runner.answer(LVS, argv -> "lvs").succeed("created");

        assertEquals("lvs", runner.run(REPORT).stdout());
        assertEquals("created", runner.run(CREATE).stdout());
        assertEquals("lvs", runner.run(REPORT).stdout());
        assertEquals(List.of(REPORT, CREATE, REPORT), runner.commands());
    }

    @Test
    void anAnswerIsComputedAsTheCommandRunsSoAReplysEffectShowsInTheReadsAfterIt() {
        List<String> lvs = new ArrayList<>();
        runner.answer(LVS, argv -> String.join(",", lvs)).succeed("", () -> lvs.add("a"));

        assertEquals("", runner.run(REPORT).stdout());
        runner.run(CREATE);
        assertEquals("a", runner.run(REPORT).stdout());
    }

    @Test
    void aLaterAnswerForACommandReplacesTheEarlierOne() {
        runner.answer(LVS, argv -> "before");
        runner.answerFailure(LVS, 5, "failed");

        ProcessResult result = runner.run(REPORT);

        assertEquals(5, result.exitCode());
        assertEquals("failed", result.stderr());
    }

    @Test
    void aCommandNeitherAnsweredNorRepliedToFailsTheTest() {
        runner.answer(LVS, argv -> "");

        AssertionError unexpected = assertThrows(AssertionError.class, () -> runner.run(CREATE));

        assertTrue(unexpected.getMessage().startsWith("unexpected command: [lvm, lvcreate"), unexpected.getMessage());
    }
}

package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.lvm.CalibrationVolume;
import io.virttune.testing.Cli;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Answers that name what the operator can act on: a size's range, each command's own JSON schema, a
 * command line another answer names.
 */
class OperatorWordsTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--bandwidth", "--create-thin-pool"})
    void aSizeOutOfRangeSaysTheRange(String option) {
        Cli plan = Cli.run("plan", "--from-xml", "src/test/resources/xml/linux-virtio.xml", "--vg", "vg0", option, "0");

        assertEquals(2, plan.exitCode(), plan.transcript());
        assertTrue(plan.err().contains("'0' is out of range: a size is 1 byte to 4 EiB"), plan.transcript());
    }

    /**
     * The commands that messages name for a killed calibration's LV act (--execute) and are ones the
     * command line takes: the narrow one (the next calibrate of its VG) first, cleanup after it.
     */
    @Test
    void theCommandsNamedForACalibrationsLvAreOnesTheCommandLineTakes() {
        String words = CalibrationVolume.removal("vg0");
        // A command ends where the message's words about it begin.
        List<String> named = java.util.regex.Pattern.compile("virt-tune( (--?[a-z][a-z-]*|[a-z0-9_/]+))+")
                .matcher(words)
                .results()
                .map(java.util.regex.MatchResult::group)
                .toList();

        assertEquals(
                List.of("virt-tune calibrate --vg vg0 --execute", "virt-tune cleanup --all --execute"), named, words);
        for (String command : named) {
            String[] args = command.substring("virt-tune ".length()).split(" ");
            CommandTree.forArguments(new VirtTuneCommand(question -> java.util.Optional.empty()), args)
                    .parseArgs(args);
        }
        assertTrue(words.indexOf("--thin-pool vg0/POOL") < words.indexOf("cleanup"), words);
        assertTrue(words.contains("source images of every completed migration"), words);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"apply", "rollback", "cleanup"})
    void eachCommandsHelpNamesItsOwnSchema(String command) {
        Cli help = Cli.run(command, "--help");

        assertTrue(help.out().contains("schema virt-tune/" + command + ","), help.transcript());
        assertFalse(help.out().contains("virt-tune/COMMAND"), help.transcript());
    }
}

package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.lvm.CalibrationVolume;
import io.virttune.testing.Cli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
     * The cleanup that messages name for a calibration's LV acts (--execute) and is one the command line
     * takes: its dry run, the same words without --execute, runs on the example host.
     */
    @Test
    void theCleanupNamedForACalibrationsLvIsOneTheCommandLineTakes(@TempDir Path temp) {
        // The command ends where the message's words about it begin.
        List<String> named = List.of(CalibrationVolume.CLEANUP.split(" \\(")[0].split(" "));
        assertEquals("virt-tune", named.get(0), CalibrationVolume.CLEANUP);
        assertTrue(named.contains("--execute"), CalibrationVolume.CLEANUP);
        List<String> dryRun = new ArrayList<>(named.subList(1, named.size()));
        dryRun.remove("--execute");
        dryRun.addAll(List.of("--connect", Cli.EXAMPLE_URI, "--state-dir=" + temp.resolve("state")));

        Cli cleanup = Cli.run(dryRun.toArray(String[]::new));

        assertEquals(0, cleanup.exitCode(), dryRun + "\n" + cleanup.transcript());
        assertTrue(cleanup.out().contains("Dry run: nothing is changed"), cleanup.transcript());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"apply", "rollback", "cleanup"})
    void eachCommandsHelpNamesItsOwnSchema(String command) {
        Cli help = Cli.run(command, "--help");

        assertTrue(help.out().contains("schema virt-tune/" + command + ","), help.transcript());
        assertFalse(help.out().contains("virt-tune/COMMAND"), help.transcript());
    }
}

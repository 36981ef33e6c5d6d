package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Answers that name what the operator can act on: a size's range, each command's own JSON schema. */
class OperatorWordsTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--bandwidth", "--create-thin-pool"})
    void aSizeOutOfRangeSaysTheRange(String option) {
        Cli plan = Cli.run("plan", "--from-xml", "src/test/resources/xml/linux-virtio.xml", "--vg", "vg0", option, "0");

        assertEquals(2, plan.exitCode(), plan.transcript());
        assertTrue(plan.err().contains("'0' is out of range: a size is 1 byte to 4 EiB"), plan.transcript());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"apply", "rollback", "cleanup"})
    void eachCommandsHelpNamesItsOwnSchema(String command) {
        Cli help = Cli.run(command, "--help");

        assertTrue(help.out().contains("schema virt-tune/" + command + ","), help.transcript());
        assertFalse(help.out().contains("virt-tune/COMMAND"), help.transcript());
    }
}

package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.process.ProcessResult;
import io.virttune.testing.RealTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The udev rule parses in the real udev: placed in /run/udev/rules.d (removed afterwards), it is
 * read by udevadm test, which names the file and line of any invalid key (exit code 0 regardless).
 */
class UdevRuleToolTest {
    private static final RealTool UDEVADM = new RealTool("udevadm", "udev");
    private static final Path RULES = Path.of("/run/udev/rules.d");

    @Test
    void theSchedulerRuleParsesWithoutComplaint() throws IOException {
        String rule = Hv01.render(SnippetFormat.files, false).get(SchedulerTopic.FILE);
        String output = parse("60-virt-tune-test-scheduler.rules", rule);
        assertTrue(
                output.contains("Reading rules file: " + RULES.resolve("60-virt-tune-test-scheduler.rules")), output);
        assertTrue(!output.contains("60-virt-tune-test-scheduler.rules:"), output);
    }

    @Test
    void theCheckCatchesAnInvalidKey() throws IOException {
        String output = parse(
                "60-virt-tune-test-broken.rules",
                "ACTION==\"add\", ATTRS{queue/rotational}==\"0\", SCHEDULER=\"none\"\n");
        assertTrue(output.contains("60-virt-tune-test-broken.rules:1 Invalid key 'SCHEDULER'"), output);
    }

    private static String parse(String name, String rule) throws IOException {
        boolean created = !Files.isDirectory(RULES);
        Files.createDirectories(RULES);
        Path file = RULES.resolve(name);
        Files.writeString(file, rule);
        try {
            ProcessResult result = UDEVADM.run("test", "--action=add", "/sys/block/loop0");
            assertEquals(0, result.exitCode(), result.stderr());
            return result.stdout() + result.stderr();
        } finally {
            Files.delete(file);
            if (created) {
                Files.delete(RULES);
            }
        }
    }
}

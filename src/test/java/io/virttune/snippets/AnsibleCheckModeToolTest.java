package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.process.ProcessResult;
import io.virttune.testing.RealTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The playbook runs in check mode on this machine (a local connection in place of SSH) without a
 * failure, and leaves the files it would install absent: check mode changes nothing.
 */
class AnsibleCheckModeToolTest {
    private static final RealTool ANSIBLE =
            new RealTool(List.of("env", "LC_ALL=C.UTF-8", "ansible-playbook"), "ansible-core");
    private static final List<Path> INSTALLED = List.of(
            Path.of("/etc/default/grub.d/virt-tune-hugepages.cfg"),
            Path.of("/etc/udev/rules.d/60-virt-tune-io-scheduler.rules"),
            Path.of("/etc/sysctl.d/60-virt-tune-sysctl.conf"));

    @TempDir
    Path temp;

    @Test
    void checkModeFailsNothingAndChangesNothing() {
        INSTALLED.forEach(file -> assertTrue(Files.notExists(file), file + " exists before the test: remove it"));
        new SnippetFolder(temp.resolve("out")).write(Hv01.render(SnippetFormat.ansible, false));
        // The example host is hv01, reached over SSH; check mode runs its tasks here instead.
        ProcessResult result = ANSIBLE.run(
                "--check",
                "--connection=local",
                "-i",
                temp.resolve("out/inventory.ini").toString(),
                temp.resolve("out/site.yml").toString());
        assertEquals(0, result.exitCode(), result.stdout() + result.stderr());
        assertTrue(result.stdout().contains("failed=0"), result.stdout());
        INSTALLED.forEach(file -> assertTrue(Files.notExists(file), file + " was written in check mode"));
    }
}

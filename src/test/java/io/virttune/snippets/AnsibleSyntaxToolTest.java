package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.process.ProcessResult;
import io.virttune.testing.RealTool;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The playbook passes ansible-core's syntax check (Debian 12: ansible-core 2.14), with its inventory. */
class AnsibleSyntaxToolTest {
    // Ansible refuses to start in the C locale the process runner sets.
    private static final RealTool ANSIBLE =
            new RealTool(List.of("env", "LC_ALL=C.UTF-8", "ansible-playbook"), "ansible-core");

    @TempDir
    Path temp;

    @Test
    void thePlaybookPassesTheSyntaxCheck() {
        for (boolean multiTenant : new boolean[] {false, true}) {
            Path out = temp.resolve("tenants-" + multiTenant);
            new SnippetFolder(out).write(Hv01.render(SnippetFormat.ansible, multiTenant));
            ProcessResult result = check(out);
            assertEquals(0, result.exitCode(), result.stdout() + result.stderr());
            assertTrue(result.stdout().contains("playbook: " + out.resolve(AnsiblePlaybook.PLAYBOOK)), result.stdout());
        }
    }

    @Test
    void theCheckRejectsAModuleAnsibleCoreDoesNotHave() {
        Map<String, String> files = Hv01.render(SnippetFormat.ansible, false);
        // ansible.posix.sysctl is not part of ansible-core: why the playbook copies a sysctl.d file.
        files.put(
                AnsiblePlaybook.PLAYBOOK,
                files.get(AnsiblePlaybook.PLAYBOOK).replace("ansible.builtin.copy:", "ansible.posix.sysctl:"));
        new SnippetFolder(temp.resolve("broken")).write(files);
        ProcessResult result = check(temp.resolve("broken"));
        assertNotEquals(0, result.exitCode(), result.stdout());
        assertTrue(result.stderr().contains("ansible.posix.sysctl"), result.stderr());
    }

    private static ProcessResult check(Path folder) {
        return ANSIBLE.run(
                "--syntax-check",
                "-i",
                folder.resolve(AnsiblePlaybook.INVENTORY).toString(),
                folder.resolve(AnsiblePlaybook.PLAYBOOK).toString());
    }
}

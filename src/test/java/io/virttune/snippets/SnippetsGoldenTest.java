package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.cli.Main;
import io.virttune.host.RootedFileSystem;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The snippets of the example host hv01, file by file, against golden copies. */
class SnippetsGoldenTest {
    @TempDir
    Path temp;

    @Test
    void filesFormatWithDefaults() {
        Path out = run("--out", temp.resolve("out").toString());
        GoldenFolder.assertMatches("hv01-files", GoldenFolder.read(out));
        assertTrue(Files.isExecutable(out.resolve(LvmTopic.COMMANDS_FILE)));
        assertTrue(Files.isExecutable(out.resolve(HugepagesTopic.RUNTIME_FILE)));
    }

    @Test
    void ansibleFormatForAMultiTenantHostWithPlannedHugepageDomains() {
        Path out = run(
                "--out",
                temp.resolve("out").toString(),
                "--format",
                "ansible",
                "--multi-tenant",
                "--for-domains",
                "web*",
                "mail01",
                "--hugepages-margin",
                "5");
        GoldenFolder.assertMatches("hv01-ansible-multi-tenant", GoldenFolder.read(out));
    }

    @Test
    void tunedProfileAndCurrentSysctlValuesFromTheHostRoot() {
        GoldenFolder.assertMatches(
                "hv01-tuned",
                SnippetBook.render(
                        Hv01.facts(),
                        new HostTuning(new RootedFileSystem(Hv01.TUNED_ROOT)),
                        new SnippetOptions(SnippetFormat.files, false, 10, List.of())));
    }

    @Test
    void renderingIsDeterministic() {
        assertEquals(Hv01.render(SnippetFormat.ansible, false), Hv01.render(SnippetFormat.ansible, false));
    }

    private Path run(String... options) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> args = new java.util.ArrayList<>(
                List.of("snippets", "--connect", Hv01.URI, "--host-facts", Hv01.DIRECTORY.toString()));
        args.addAll(List.of(options));
        int exit = new Main(new PrintWriter(out), new PrintWriter(err)).run(args.toArray(String[]::new));
        assertEquals(0, exit, "stdout: " + out + "\nstderr: " + err);
        assertTrue(out.toString().startsWith("wrote "), out.toString());
        return temp.resolve("out");
    }
}

package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The inspect command's behaviour through {@link Main}: help, selection, exit codes, odd input. */
class InspectCommandTest {
    private static final String HV01 =
            "test://" + Path.of("examples/hv01/node.xml").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private static Cli inspect(String... args) {
        List<String> all = new ArrayList<>(List.of("inspect", "--connect", HV01, "--host-facts", "examples/hv01"));
        all.addAll(List.of(args));
        return Cli.run(all.toArray(String[]::new));
    }

    private static List<String> domainNames(Cli run) throws IOException {
        List<String> names = new ArrayList<>();
        JSON.readTree(run.out())
                .get("domains")
                .forEach(domain -> names.add(domain.get("name").asText()));
        return names;
    }

    @Test
    void helpListsTheCommands() {
        Cli run = Cli.run("--help");
        assertEquals(0, run.exitCode(), run.transcript());
        assertTrue(run.out().startsWith("Usage: virt-tune"), run.out());
        assertTrue(run.out().contains("inspect"), run.out());
    }

    @Test
    void versionNamesTheProgram() {
        Cli run = Cli.run("--version");
        assertEquals(0, run.exitCode(), run.transcript());
        assertTrue(run.out().matches("virt-tune (\\d+\\.\\d+\\.\\d+|\\(development build\\))\\R"), run.out());
    }

    @Test
    void inspectHelpDescribesEveryOption() {
        Cli run = Cli.run("inspect", "--help");
        assertEquals(0, run.exitCode(), run.transcript());
        for (String option : List.of("--connect", "--host-facts", "--all", "--exclude", "--json", "DOMAIN")) {
            assertTrue(run.out().contains(option), option + " missing from:\n" + run.out());
        }
    }

    @Test
    void anUnknownDomainFailsNamingIt() {
        Cli run = inspect("web01", "x");
        assertEquals(1, run.exitCode(), run.transcript());
        assertEquals("", run.out());
        assertEquals("virt-tune: no domain matches 'x'\n", run.err());
    }

    @Test
    void globsSelectAndExcludeLeavesOut() throws IOException {
        assertEquals(List.of("db01", "db02", "db03"), domainNames(inspect("--json", "db0?")));
        assertEquals(
                List.of("win2016-rds", "win2019-sql"), domainNames(inspect("--json", "win*", "--exclude", "win11*")));
        assertEquals(List.of("web02", "db01"), domainNames(inspect("--json", "web02", "db01", "web0[2]")));
        assertEquals(
                14,
                domainNames(inspect("--json", "--all", "--exclude", "vault01")).size());
    }

    @Test
    void allWithNamesIsAUsageError() {
        Cli run = inspect("--all", "web01");
        assertEquals(2, run.exitCode(), run.transcript());
        assertEquals("virt-tune: give DOMAIN names or --all, not both\nTry 'virt-tune inspect --help'.\n", run.err());
    }

    @Test
    void anUnreachableUriFailsNamingIt() {
        String uri = "qemu:///system?socket=/nonexistent";
        Cli run = Cli.run("inspect", "--connect", uri, "--host-facts", "examples/hv01");
        assertEquals(1, run.exitCode(), run.transcript());
        assertTrue(run.err().startsWith("virt-tune: cannot connect to libvirt at '" + uri + "'"), run.err());
    }

    @Test
    void aMissingHostFactsDirectoryIsAUsageError() {
        Path missing = temp.resolve("nope");
        for (String uri : List.of(HV01, "qemu:///system?socket=/nonexistent")) {
            Cli run = Cli.run("inspect", "--connect", uri, "--host-facts", missing.toString());
            assertEquals(2, run.exitCode(), run.transcript());
            assertEquals(
                    "virt-tune: host facts directory " + missing + " does not exist\n"
                            + "Try 'virt-tune inspect --help'.\n",
                    run.err());
        }
    }

    @Test
    void anImageInNoPoolIsUnreadableAndTheRestIsStillReported() throws IOException {
        String node = Files.readString(Path.of("src/test/resources/libvirt/small-node.xml"))
                .replace("<source file='/images/alpha.qcow2'/>", "<source file='/images/lost.qcow2'/>");
        Path file = Files.writeString(temp.resolve("node.xml"), node);
        Cli run = Cli.run("inspect", "--connect", "test://" + file, "--host-facts", "examples/hv01", "--json");
        assertEquals(1, run.exitCode(), run.transcript());
        JsonNode report = JSON.readTree(run.out());
        assertEquals(2, report.get("domains").size());
        JsonNode disk = report.get("domains").get(0).get("disks").get(0);
        assertEquals(
                "image /images/lost.qcow2 is not in any storage pool of test://" + file
                        + " and cannot be read from here",
                disk.get("problem").asText());
        List<JsonNode> errors = new ArrayList<>();
        report.get("findings").forEach(f -> {
            if (f.get("severity").asText().equals("error")) {
                errors.add(f);
            }
        });
        assertEquals(1, errors.size(), errors.toString());
        JsonNode finding = errors.get(0);
        assertEquals("disk.unreadable", finding.get("ruleId").asText());
        assertEquals("alpha", finding.get("domain").asText());
        assertEquals("sda", finding.get("disk").asText());
        assertEquals(false, report.get("summary").get("complete").asBoolean());
    }

    @Test
    void anOddDomainNameRoundTripsInTextAndJson() throws IOException {
        String odd = "-odd 'quoted' \"vm\" ü ☃";
        String escaped = odd.replace("&", "&amp;").replace("'", "&apos;").replace("\"", "&quot;");
        String node = Files.readString(Path.of("src/test/resources/libvirt/small-node.xml"))
                .replace("<name>beta with spaces ü</name>", "<name>" + escaped + "</name>");
        Path file = Files.writeString(temp.resolve("node.xml"), node);
        String uri = "test://" + file;

        Cli json = Cli.run("inspect", "--connect", uri, "--host-facts", "examples/hv01", "--json", "--", odd);
        assertEquals(0, json.exitCode(), json.transcript());
        assertEquals(List.of(odd), domainNames(json));

        Cli text = Cli.run("inspect", "--connect", uri, "--host-facts", "examples/hv01", "--", odd);
        assertEquals(0, text.exitCode(), text.transcript());
        assertTrue(text.out().contains("\n" + odd + "  shut off, 1 vCPU, 512 MiB"), text.out());

        Cli alpha = Cli.run("inspect", "--connect", uri, "--host-facts", "examples/hv01", "alpha");
        assertTrue(alpha.out().contains("virt-tune plan --vg VG alpha\n"), alpha.out());
    }
}

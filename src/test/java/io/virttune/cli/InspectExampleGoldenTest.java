package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import io.virttune.testing.Golden;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole inspect report of the bundled example host, text and JSON, against golden files.
 * Only what differs between machines is normalised: the checkout's absolute path, and the host
 * name the test driver takes from the machine it runs on (checked to be the same in both reports).
 */
class InspectExampleGoldenTest {
    private static final String ROOT = Path.of("").toAbsolutePath().toString();
    private static final String URI = "test://" + ROOT + "/examples/hv01/node.xml";
    private static final Pattern HOST_LINE = Pattern.compile("\\AHost (\\S+)  \\(");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Cli text;
    private static Cli json;

    @BeforeAll
    static void inspect() {
        // Whole lines, as a file or a pipe gets them: the tests' Main has no terminal, whatever $COLUMNS says.
        text = Cli.run("inspect", "--connect", URI, "--host-facts", "examples/hv01");
        json = Cli.run("inspect", "--connect", URI, "--host-facts", "examples/hv01", "--json");
    }

    @Test
    void textReportMatchesTheGoldenFile() {
        assertMatchesGolden(text, "inspect/hv01.txt");
    }

    @Test
    void textReportAtEightyColumnsMatchesTheGoldenFile() {
        assertMatchesGolden(
                Cli.run("inspect", "--connect", URI, "--host-facts", "examples/hv01", "--width", "80"),
                "inspect/hv01-80-columns.txt");
    }

    private static void assertMatchesGolden(Cli run, String golden) {
        assertEquals(0, run.exitCode(), run.transcript());
        assertEquals("", run.err());
        Matcher host = HOST_LINE.matcher(run.out());
        assertTrue(host.find(), "no 'Host NAME  (' line:\n" + run.out());
        String normalised = run.out().replace(ROOT, "$PROJECT");
        normalised = "Host $HOSTNAME" + normalised.substring(host.end(1));
        Golden.assertMatches(golden, normalised);
    }

    @Test
    void jsonReportMatchesTheGoldenFile() throws Exception {
        assertEquals(0, json.exitCode(), json.transcript());
        assertEquals("", json.err());
        String hostname = JSON.readTree(json.out()).get("host").get("hostname").asText();
        Matcher textHost = HOST_LINE.matcher(text.out());
        assertTrue(textHost.find());
        assertEquals(textHost.group(1), hostname, "both reports name the same host");
        String hostField = "\"hostname\" : " + JSON.writeValueAsString(hostname) + ",";
        assertTrue(json.out().contains(hostField), json.out());
        String normalised =
                json.out().replace(hostField, "\"hostname\" : \"$HOSTNAME\",").replace(ROOT, "$PROJECT");
        Golden.assertMatches("inspect/hv01.json", normalised);
    }

    @Test
    void jsonCarriesSchemaVersionAndEveryDomain() throws Exception {
        JsonNode report = JSON.readTree(json.out());
        assertEquals("virt-tune/inspect", report.get("schema").asText());
        assertEquals(1, report.get("version").asInt());
        assertEquals(URI, report.get("host").get("uri").asText());
        assertEquals(15, report.get("domains").size());
        assertEquals(15, report.get("summary").get("domains").asInt());
        assertTrue(report.get("summary").get("complete").asBoolean());
    }

    @Test
    void keyDomainsHaveTheFindingsTheExampleIsThereFor() throws Exception {
        JsonNode report = JSON.readTree(json.out());
        List<String> win = rules(report, "win2019-sql");
        assertTrue(win.contains("domain.windows-virtio"), win.toString());
        assertEquals(2, win.stream().filter("disk.bus"::equals).count(), win.toString());
        assertEquals(List.of(), rules(report, "db03"), "db03 is the tuned guest");
        assertTrue(rules(report, "backup01").contains("skip.network"));
        assertEquals(List.of("domain.hugepages", "skip.encrypted"), rules(report, "vault01"));
        assertTrue(rules(report, "web02").contains("disk.backing-chain"));
        JsonNode web02 = domain(report, "web02").get("disks").get(0).get("image");
        assertEquals(
                "/var/lib/libvirt/images/debian12-base.qcow2",
                web02.get("backingChain").get(0).asText());
        assertFalse(rules(report, "db02").contains("disk.cache"));
    }

    private static List<String> rules(JsonNode report, String domain) {
        List<String> rules = new ArrayList<>();
        for (JsonNode finding : report.get("findings")) {
            if (domain.equals(finding.get("domain").asText(null))) {
                rules.add(finding.get("ruleId").asText());
            }
        }
        return rules;
    }

    private static JsonNode domain(JsonNode report, String name) {
        return StreamSupport.stream(report.get("domains").spliterator(), false)
                .filter(domain -> domain.get("name").asText().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no domain " + name));
    }
}

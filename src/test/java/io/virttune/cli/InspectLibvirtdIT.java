package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.testing.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * inspect against the real libvirtd on qemu:///system (started by scripts/libvirtd.sh) with real
 * qcow2 images read by qemu-img: a linked clone, an image with an internal snapshot, a missing one.
 * The host's own LVM and settings are whatever this machine has, so only the domains are checked.
 */
class InspectLibvirtdIT {
    private static final String URI = "qemu:///system";
    private static final long SIZE = 64L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path images;

    private final String prefix = "vt-it-" + UUID.randomUUID().toString().substring(0, 8) + "-";
    private final List<String> defined = new ArrayList<>();

    @BeforeAll
    static void libvirtdAnswers() throws Exception {
        Result version = run("virsh", "-c", URI, "version");
        if (version.exitCode() != 0) {
            fail("libvirtd does not answer on " + URI + "; start it with scripts/libvirtd.sh (scripts/test.sh does):\n"
                    + version.output());
        }
    }

    @BeforeEach
    void imagesAndDomains() throws Exception {
        String base = image("base.qcow2");
        String clone = images.resolve("clone.qcow2").toString();
        check(run("qemu-img", "create", "-q", "-f", "qcow2", "-b", base, "-F", "qcow2", clone));
        String snapshotted = image("snapshotted.qcow2");
        check(run("qemu-img", "snapshot", "-c", "before-upgrade", snapshotted));
        define(prefix + "good", disk("vda", clone) + disk("vdb", snapshotted));
        define(prefix + "missing", disk("vda", images.resolve("missing.qcow2").toString()));
    }

    @AfterEach
    void undefine() throws Exception {
        List<String> failures = new ArrayList<>();
        for (String name : defined) {
            Result result = run("virsh", "-c", URI, "undefine", name);
            if (result.exitCode() != 0) {
                failures.add(name + ": " + result.output());
            }
        }
        assertEquals(List.of(), failures, "domains left defined on " + URI);
    }

    /** The domain capabilities come through JNA from the real libvirtd, for the emulator libvirt gave the domain. */
    @Test
    void theDomainsEmulatorIsShownWithWhatLibvirtSaysItOffers() throws Exception {
        Cli run = Cli.run("inspect", "--connect", URI, "--json", prefix + "good");
        JsonNode emulators = JSON.readTree(run.out()).get("host").get("emulators");

        assertEquals(1, emulators.size(), emulators.toString());
        JsonNode emulator = emulators.get(0);
        assertEquals("qemu", emulator.get("virtType").asText());
        assertTrue(emulator.get("emulator").asText().startsWith("/usr/bin/qemu-system-"), emulator.toString());
        assertTrue(emulator.get("machine").asText().startsWith("pc-"), emulator.toString());
        assertTrue(emulator.get("iothreads").asBoolean(), emulator.toString());
        assertTrue(texts(emulator.get("diskBuses")).contains("virtio"), emulator.toString());
        assertTrue(texts(emulator.get("memoryBackings")).contains("memfd"), emulator.toString());

        Cli text = Cli.run("inspect", "--connect", URI, prefix + "good");
        assertTrue(
                text.out().contains("  emulator " + emulator.get("emulator").asText() + " (qemu, x86_64, "),
                text.out());
    }

    @Test
    void imagesAreReadWithQemuImg() throws Exception {
        Cli run = Cli.run("inspect", "--connect", URI, "--json", prefix + "good");
        JsonNode domain = onlyDomain(run, prefix + "good");
        JsonNode clone = domain.get("disks").get(0).get("image");
        assertEquals(images.resolve("clone.qcow2").toString(), clone.get("path").asText());
        assertEquals("qcow2", clone.get("format").asText());
        assertEquals(SIZE, clone.get("virtualSizeBytes").asLong());
        assertEquals(List.of(images.resolve("base.qcow2").toString()), texts(clone.get("backingChain")));
        assertEquals("qemu-img", clone.get("readFrom").asText());
        JsonNode snapshotted = domain.get("disks").get(1).get("image");
        assertEquals(1, snapshotted.get("internalSnapshots").asInt());
        assertEquals(0, snapshotted.get("backingChain").size());

        List<String> rules = rules(run, prefix + "good");
        assertTrue(rules.contains("disk.backing-chain vda"), rules.toString());
        assertTrue(rules.contains("disk.internal-snapshots vdb"), rules.toString());
        assertTrue(rules.contains("disk.qcow2-file vda") && rules.contains("disk.qcow2-file vdb"), rules.toString());
        assertTrue(!rules.contains("disk.internal-snapshots vda"), rules.toString());
    }

    @Test
    void aMissingImageIsUnreadableAndInspectExits1() throws Exception {
        Cli run = Cli.run("inspect", "--connect", URI, "--json", prefix + "*");
        assertEquals(1, run.exitCode(), run.transcript());
        assertEquals(2, JSON.readTree(run.out()).get("domains").size());
        List<String> rules = rules(run, prefix + "missing");
        assertTrue(rules.contains("disk.unreadable vda"), rules.toString());
        assertEquals(
                "image " + images.resolve("missing.qcow2") + " does not exist",
                onlyDomain(Cli.run("inspect", "--connect", URI, "--json", prefix + "missing"), prefix + "missing")
                        .get("disks")
                        .get(0)
                        .get("problem")
                        .asText());
    }

    @Test
    void theTextReportShowsTheImagesAndTheSnapshotFinding() {
        Cli run = Cli.run("inspect", "--connect", URI, prefix + "good");
        assertTrue(
                run.out().contains("\n" + prefix + "good  shut off, 1 vCPU, 256 MiB, 0 IOThread(s)\n"),
                run.transcript());
        assertTrue(run.out().contains("qcow2   64 MiB"), run.transcript());
        assertTrue(
                run.out().contains("disk.internal-snapshots  vdb: image holds 1 internal snapshot(s)"),
                run.transcript());
    }

    private static JsonNode onlyDomain(Cli run, String name) throws IOException {
        JsonNode domains = JSON.readTree(run.out()).get("domains");
        assertEquals(1, domains.size(), run.transcript());
        assertEquals(name, domains.get(0).get("name").asText());
        return domains.get(0);
    }

    private static List<String> rules(Cli run, String domain) throws IOException {
        List<String> rules = new ArrayList<>();
        for (JsonNode finding : JSON.readTree(run.out()).get("findings")) {
            if (domain.equals(finding.get("domain").asText(null))) {
                rules.add(finding.get("ruleId").asText() + " "
                        + finding.get("disk").asText(""));
            }
        }
        return rules;
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }

    private String image(String name) throws Exception {
        String path = images.resolve(name).toString();
        check(run("qemu-img", "create", "-q", "-f", "qcow2", path, Long.toString(SIZE)));
        return path;
    }

    private static String disk(String target, String path) {
        return "<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='" + path + "'/>"
                + "<target dev='" + target + "' bus='virtio'/></disk>";
    }

    private void define(String name, String disks) throws Exception {
        Path xml = images.resolve(name + ".xml");
        Files.writeString(
                xml,
                "<domain type='qemu'><name>" + name + "</name><memory unit='MiB'>256</memory>"
                        + "<vcpu>1</vcpu><os><type arch='x86_64'>hvm</type></os><devices>" + disks
                        + "</devices></domain>");
        check(run("virsh", "-c", URI, "define", xml.toString()));
        defined.add(name);
    }

    private static void check(Result result) {
        assertEquals(0, result.exitCode(), result.output());
    }

    private static Result run(String... argv) throws Exception {
        Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail(String.join(" ", argv) + " did not finish within 30 s");
        }
        return new Result(process.exitValue(), String.join(" ", argv) + ": " + output);
    }

    /** A command's exit code and combined output. */
    private record Result(int exitCode, String output) {}
}

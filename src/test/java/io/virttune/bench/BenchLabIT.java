package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.agent.ExecStatus;
import io.virttune.agent.GuestAgent;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.libvirt.LiveDomains;
import io.virttune.testing.Cli;
import io.virttune.testing.Lab;
import io.virttune.testing.LabAgent;
import io.virttune.testing.LabGuest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * virt-tune bench against the lab's libvirtd (scripts/lab run --libvirtd) and the test guest
 * (scripts/guest/build.sh): a quick run stored and compared, and the clear failures: no fio, fio
 * failing, a scratch device that holds a partition table (refused, not a byte written), no agent
 * channel. Runs only inside the lab, and fails outside it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BenchLabIT {
    private static final String URI = "qemu:///system";
    private static final String GUEST = "vt-benchit";
    private static final String NO_AGENT = "vt-benchit-noagent";
    private static final Path PROJECT = Path.of("").toAbsolutePath();
    private static final Path IMAGES = Path.of("/var/lib/libvirt/images/vt-benchit");
    private static final Path STATE = PROJECT.resolve("target/bench-lab-it/state");
    private static final List<String> defined = new ArrayList<>();

    @BeforeAll
    static void guestRunning() throws Exception {
        Lab.require();
        if (!Files.exists(PROJECT.resolve("build/guest/initramfs.gz"))) {
            fail("the test guest is not built: run scripts/guest/build.sh first");
        }
        Files.createDirectories(IMAGES);
        IMAGES.toFile().setReadable(true, false);
        IMAGES.toFile().setExecutable(true, false);
        deleteTree(STATE);
        for (String name : List.of(GUEST, NO_AGENT)) {
            sh(
                    "qemu-img",
                    "create",
                    "-q",
                    "-f",
                    "qcow2",
                    IMAGES.resolve(name + ".qcow2").toString(),
                    "64M");
        }
        define(GUEST, domainXml(GUEST));
        define(NO_AGENT, domainXml(NO_AGENT).replaceAll("(?s)<channel.*?</channel>", ""));
        sh("virsh", "-c", URI, "start", GUEST);
        try (LiveDomains live = LibvirtJavaConnection.openReadWrite(URI)) {
            LabAgent.awaitAnswer(live, GUEST, IMAGES.resolve(GUEST + ".console"));
        }
    }

    @AfterAll
    static void removeDomains() throws Exception {
        for (String name : defined) {
            new ProcessBuilder("virsh", "-c", URI, "destroy", name)
                    .inheritIO()
                    .start()
                    .waitFor();
            new ProcessBuilder("virsh", "-c", URI, "undefine", name)
                    .inheritIO()
                    .start()
                    .waitFor();
        }
    }

    @Test
    @Order(1)
    void aQuickRunIsStoredWithEveryProfileAndTheDisksConfiguration() throws Exception {
        Cli run = bench(GUEST, "--label", "it", "--device", "/dev/sda", "--destructive");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("disk sda: sata, qcow2 file, cache=default io=default"), run.out());
        BenchResult stored = new BenchStore(STATE).read(GUEST, "it");
        assertEquals(
                ProfileSet.QUICK.sections(),
                stored.profiles().stream().map(ProfileResult::name).toList());
        for (ProfileResult profile : stored.profiles()) {
            IoMetrics metrics = profile.name().endsWith("read") ? profile.read() : profile.write();
            assertTrue(metrics.iops() > 0 && metrics.p99LatencyMicros() > 0, profile.toString());
        }
        assertEquals("qcow2", stored.disk().format());
        assertTrue(stored.fioVersion().startsWith("fio-"), stored.fioVersion());

        Cli compare = Cli.run("bench", "compare", GUEST, "it", "it", "--state-dir", STATE.toString());
        assertEquals(0, compare.exitCode(), compare.err());
        assertTrue(
                compare.out().contains("Mean IOPS change (geometric, over the profiles): reads 0%, writes 0%"),
                compare.out());
    }

    @Test
    @Order(2)
    void noFioAtTheGivenPathIsAClearFailure() {
        Cli run =
                bench(GUEST, "--label", "nofio", "--device", "/dev/sda", "--destructive", "--fio", "/nonexistent/fio");

        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.err().contains("no fio at '/nonexistent/fio' in domain 'vt-benchit'"), run.err());
    }

    @Test
    @Order(3)
    void fioFailingInTheGuestIsAClearFailure() {
        // The test guest's root is its initramfs (tmpfs): the default scratch file cannot be opened
        // with O_DIRECT there, so fio fails as it would on any filesystem without direct I/O.
        Cli run = bench(GUEST, "--label", "tmpfs");

        assertEquals(1, run.exitCode(), run.out());
        assertTrue(run.err().contains("virt-tune: fio failed in domain 'vt-benchit' with exit code "), run.err());
        assertTrue(
                run.err()
                        .contains("on /var/tmp/virt-tune-bench.dat: fio: looks like your file system does not"
                                + " support direct=1"),
                run.err());
    }

    @Test
    @Order(4)
    void aScratchDeviceThatHoldsAPartitionTableIsNeverWritten() throws Exception {
        String before;
        try (LiveDomains live = LibvirtJavaConnection.openReadWrite(URI)) {
            GuestAgent agent = new GuestAgent(live, GUEST, Duration.ofMillis(200));
            // A DOS partition table's signature, 55 aa at 510, written by the guest, as fdisk would leave it.
            ExecStatus written = agent.run(
                    "sh",
                    List.of(
                            "-c",
                            "printf '\\125\\252' | dd of=/dev/sda bs=1 seek=510" + " conv=notrunc 2>/dev/null && sync"),
                    List.of(),
                    null,
                    Duration.ofSeconds(30));
            assertEquals(0, written.exitCode(), written.err());
            before = sha256(agent);

            Cli run = bench(GUEST, "--label", "labelled", "--device", "/dev/sda", "--destructive");

            assertEquals(3, run.exitCode(), run.transcript());
            assertTrue(run.err().contains("/dev/sda holds data: it begins with a DOS partition table"), run.err());
            assertEquals(before, sha256(agent), "not a byte of the disk was written");
        }
    }

    private static String sha256(GuestAgent agent) {
        return agent.run("sh", List.of("-c", "sha256sum < /dev/sda"), List.of(), null, Duration.ofSeconds(60))
                .out();
    }

    @Test
    @Order(5)
    void aGuestWithoutAnAgentChannelIsAClearFailure() throws Exception {
        sh("virsh", "-c", URI, "start", NO_AGENT);

        Cli run = bench(NO_AGENT, "--label", "x", "--device", "/dev/sda", "--destructive");

        assertEquals(1, run.exitCode(), run.out());
        assertTrue(
                run.err().startsWith("virt-tune: domain 'vt-benchit-noagent' has no QEMU guest agent channel"),
                run.err());
    }

    private static Cli bench(String domain, String... options) {
        List<String> args = new ArrayList<>(List.of(
                "bench",
                "-c",
                URI,
                domain,
                "--quick",
                "--size",
                "16M",
                "--runtime",
                "2",
                "--state-dir",
                STATE.toString()));
        args.addAll(List.of(options));
        return Cli.run(args.toArray(String[]::new));
    }

    private static String domainXml(String name) throws Exception {
        return LabGuest.domainXml(name, IMAGES.resolve(name + ".qcow2"), IMAGES.resolve(name + ".console"), "agent");
    }

    private static void define(String name, String xml) throws Exception {
        Path file = IMAGES.resolve(name + ".xml");
        Files.writeString(file, xml);
        sh("virsh", "-c", URI, "define", file.toString());
        defined.add(name);
    }

    private static void sh(String... argv) throws Exception {
        Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            fail(String.join(" ", argv) + " failed:\n" + output);
        }
    }

    private static void deleteTree(Path root) throws Exception {
        if (Files.exists(root)) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }
}

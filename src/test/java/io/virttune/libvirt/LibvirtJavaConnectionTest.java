package io.virttune.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs against libvirt's real client library and its test driver, which needs no daemon. */
class LibvirtJavaConnectionTest {
    private static final String NODE =
            "test://" + Path.of("src/test/resources/libvirt/small-node.xml").toAbsolutePath();
    private static final EmulatorQuery QUERY = new EmulatorQuery("/usr/bin/qemu-system-x86_64", "kvm", "x86_64", null);

    @Test
    void listsRunningAndShutOffDomainsWithTheirDefinitions() {
        try (LibvirtConnection connection = LibvirtJavaConnection.openReadOnly(NODE)) {
            Map<String, DomainRecord> byName =
                    connection.domains().domains().stream().collect(Collectors.toMap(DomainRecord::name, d -> d));

            assertEquals(DomainState.RUNNING, byName.get("alpha").state());
            assertEquals(DomainState.SHUTOFF, byName.get("beta with spaces ü").state());
            assertEquals(
                    "11111111-2222-3333-4444-555555555555", byName.get("alpha").uuid());
            assertTrue(byName.get("alpha").inactiveXml().contains("/images/alpha.qcow2"));
            assertTrue(connection.domains().failures().isEmpty());
        }
    }

    /**
     * libvirt-java frees a Domain's pointer when the Domain is finalized, and the JIT may find the
     * Domain unreachable once a call has read its pointer: with the collector running beside them,
     * calls on a Domain looked up and dropped failed about once in 13 000 ("invalid domain pointer
     * in virDomainGetXMLDesc", 13 of 167 250 in 20 s). Held through each call, none does.
     */
    @Test
    void noCallLosesItsDomainToTheCollectorRunningBesideIt() throws InterruptedException {
        AtomicBoolean done = new AtomicBoolean();
        Thread collector = new Thread(() -> {
            while (!done.get()) {
                byte[][] garbage = new byte[1000][];
                for (int i = 0; i < garbage.length; i++) {
                    garbage[i] = new byte[1024];
                }
                System.gc();
            }
        });
        List<String> failures = new ArrayList<>();
        int calls = 0;
        try (LibvirtJavaConnection connection = LibvirtJavaConnection.openReadOnly(NODE)) {
            collector.start();
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            for (; calls < 150_000 && System.nanoTime() < end; calls++) {
                try {
                    connection.liveXml("alpha");
                } catch (VirtTuneException e) {
                    failures.add(e.getMessage());
                }
            }
        } finally {
            done.set(true);
            collector.join();
        }
        assertTrue(calls > 1000, "only " + calls + " calls made");
        assertEquals(
                List.of(), failures.stream().limit(3).toList(), failures.size() + " of " + calls + " calls failed");
    }

    /**
     * The real client library through JNA: libvirt's test driver has no domain capabilities, which
     * is none to report, not a problem (the lab's libvirtd answers them: InspectLibvirtdIT).
     */
    @Test
    void domainCapabilitiesAreAskedThroughTheClientLibraryAndADriverWithoutThemHasNone() {
        try (LibvirtConnection connection = LibvirtJavaConnection.openReadWrite(NODE)) {
            assertEquals(java.util.Optional.empty(), connection.domainCapabilities(QUERY));
        }
    }

    /** libvirt refuses the call read-only: no second connection is opened for it, the refusal says why. */
    @Test
    void domainCapabilitiesOverAReadOnlyConnectionAreRefusedSayingSo() {
        try (LibvirtConnection connection = LibvirtJavaConnection.openReadOnly(NODE)) {
            VirtTuneException e = assertThrows(VirtTuneException.class, () -> connection.domainCapabilities(QUERY));
            assertEquals(
                    "libvirt gives domain capabilities only over a read-write connection, and this one to " + NODE
                            + " is read-only",
                    e.getMessage());
        }
    }

    @Test
    void findsAPoolVolumeByItsPath() {
        try (LibvirtConnection connection = LibvirtJavaConnection.openReadOnly(NODE)) {
            StorageVolumeFacts volume =
                    connection.volumeByPath("/images/alpha.qcow2").orElseThrow();

            assertEquals("images", volume.pool());
            assertEquals(40L << 30, volume.capacityBytes());
            assertEquals(3L << 30, volume.allocationBytes());
            assertTrue(volume.xml().contains("<format type='qcow2'/>"));
            assertTrue(connection.volumeByPath("/images/missing.qcow2").isEmpty());
        }
    }

    @Test
    void resolvesAPoolVolumeToItsPath() {
        try (LibvirtConnection connection = LibvirtJavaConnection.openReadOnly(NODE)) {
            assertEquals(java.util.Optional.of("/images/alpha.qcow2"), connection.volumePath("images", "alpha.qcow2"));
            assertTrue(connection.volumePath("images", "missing.qcow2").isEmpty());
            assertTrue(connection.volumePath("no-such-pool", "alpha.qcow2").isEmpty());
        }
    }

    @Test
    void readsARunningDomainsLiveDefinition() {
        try (LibvirtConnection connection = LibvirtJavaConnection.openReadOnly(NODE)) {
            assertTrue(connection.liveXml("alpha").contains("/images/alpha.qcow2"));
        }
    }

    @Test
    void reportsVersions() {
        try (LibvirtConnection connection = LibvirtJavaConnection.openReadOnly(NODE)) {
            assertTrue(connection.libvirtVersion().matches("\\d+\\.\\d+\\.\\d+"));
            assertTrue(connection.hypervisorVersion().startsWith("TEST "));
        }
    }

    @Test
    void aMissingNodeFileIsAClearFailure() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class, () -> LibvirtJavaConnection.openReadOnly("test:///nonexistent/node.xml"));
        assertEquals(ExitCode.FAILED, e.exitCode());
        // Said before libvirt is asked: libxml2 would print its own "I/O warning" on stderr.
        assertEquals(
                "cannot connect to libvirt at 'test:///nonexistent/node.xml': the test driver's file"
                        + " /nonexistent/node.xml does not exist or is not a file (test:///default is the driver's built-in host)",
                e.getMessage());
    }

    @Test
    void aBrokenNodeFileIsOneLineWithoutLibxmlsContext(@TempDir Path dir) throws Exception {
        Path broken =
                Files.writeString(dir.resolve("node.xml"), "<node><domain type='test'><name>x</nam></domain></node>");

        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> LibvirtJavaConnection.openReadOnly("test://" + broken));

        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().endsWith("(check the test driver's XML file)"), e.getMessage());
        assertFalse(e.getMessage().contains("libvirtd"), e.getMessage());
    }

    @Test
    void aSchemeNoDriverHasIsSaidSo() {
        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> LibvirtJavaConnection.openReadOnly("foo:///system"));

        assertTrue(
                e.getMessage()
                        .endsWith("('foo' is no libvirt driver's scheme: qemu:///system here,"
                                + " qemu+ssh://HOST/system for another host; see --connect)"),
                e.getMessage());
    }

    @Test
    void aDaemonThatIsNotListeningIsAClearFailure() {
        String uri = "qemu:///system?socket=/nonexistent/libvirt-sock";
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> LibvirtJavaConnection.openReadOnly(uri));
        assertTrue(e.getMessage().contains(uri), e.getMessage());
        assertTrue(e.getMessage().contains("is libvirtd running"), e.getMessage());
    }
}

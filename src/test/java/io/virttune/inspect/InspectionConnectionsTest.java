package io.virttune.inspect;

import static io.virttune.inspect.TestHost.domainXml;
import static io.virttune.inspect.TestHost.fileDisk;
import static io.virttune.inspect.TestHost.qcow2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.agent.GuestAgentLink;
import io.virttune.libvirt.DiskWrites;
import io.virttune.libvirt.DomainInventory;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.EmulatorCapabilities;
import io.virttune.libvirt.EmulatorQuery;
import io.virttune.libvirt.LibvirtSession;
import io.virttune.libvirt.StorageVolumeFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * How many libvirt connections an inspection opens, and of which kind, counted by a fake opener:
 * over qemu+ssh:// each is one more login, one more password asked.
 */
class InspectionConnectionsTest {
    private static final String URI = FakeLibvirt.URI;
    private static final String IMAGE = "/img/vm.qcow2";
    private static final String REQUEST = "vm {\"execute\":\"guest-get-devices\"}";
    private static final String REFUSAL =
            "cannot connect to libvirt at '" + URI + "': authentication failed: access denied by policy";

    /** A running Windows guest that waits for viostor, with a guest agent to ask. */
    private static final String WINDOWS = domainXml(
            "vm",
            2,
            "<features><hyperv><relaxed state='on'/></hyperv></features>",
            fileDisk("sda", "sata", IMAGE, ""),
            "<channel type='unix'><target type='virtio' name='org.qemu.guest_agent.0'/></channel>");

    private final FakeLibvirt libvirt = new FakeLibvirt()
            .domain("vm", DomainState.RUNNING, WINDOWS)
            .capabilities(new EmulatorQuery(null, "kvm", "x86_64", null), EmulatorSamples.CAPABILITIES);
    private final RecordedHost host = new RecordedHost()
            .settings(TestHost.hv01Settings())
            .lvm(TestHost.hv01Lvm())
            .image(qcow2(IMAGE, List.of(), 0));
    private final RecordedGuestAgent agent = new RecordedGuestAgent("viostor-bound.json");

    @Test
    void domainsCapabilitiesAndGuestAgentsAreReadOverOneReadWriteConnection() {
        CountingOpener opener = new CountingOpener(false);

        HostFacts facts = HostInspector.read(opener, URI, host, DomainSelection.all(), true);

        assertEquals(List.of("read-write " + URI), opener.opened);
        assertEquals(1, facts.emulators().size());
        assertTrue(facts.emulators().get(0).read(), facts.emulators().toString());
        assertEquals(List.of(REQUEST), agent.asked());
        assertTrue(facts.domains().get(0).virtioDriver().orElseThrow().bound());
        assertEquals(1, opener.closed);
    }

    @Test
    void whereLibvirtRefusesReadWriteOneReadOnlyConnectionReadsTheRestAndTheRefusalIsSaid() {
        CountingOpener opener = new CountingOpener(true);

        HostFacts facts = HostInspector.read(opener, URI, host, DomainSelection.all(), true);

        assertEquals(List.of("read-write " + URI, "read-only " + URI), opener.opened);
        assertEquals(
                List.of("vm"), facts.domains().stream().map(DomainFacts::name).toList());
        EmulatorCapabilities emulator = facts.emulators().get(0);
        assertFalse(emulator.read());
        assertEquals(
                "libvirt gives domain capabilities only over a read-write connection, and it refused one: " + REFUSAL,
                emulator.problem());
        assertEquals(List.of(), agent.asked());
        assertTrue(
                facts.domains()
                        .get(0)
                        .virtioDriver()
                        .orElseThrow()
                        .text()
                        .contains("libvirt reaches guest agents only over a read-write connection, and it refused one: "
                                + REFUSAL),
                facts.domains().get(0).virtioDriver().toString());
        assertEquals(1, opener.closed);
    }

    /** What needs no domain capabilities (snippets) reads read-only; a guest agent gets its own connection. */
    @Test
    void withoutEmulatorsTheConnectionIsReadOnly() {
        CountingOpener opener = new CountingOpener(false);

        HostFacts facts = HostInspector.read(opener, URI, host, DomainSelection.all(), false);

        assertEquals(List.of("read-only " + URI, "read-write " + URI), opener.opened);
        assertEquals(List.of(), facts.emulators());
        assertEquals(List.of(REQUEST), agent.asked());
        assertEquals(2, opener.closed);
    }

    /**
     * A client library that fails to load (a JNA class whose initialisation failed once, then on every
     * host) fails the inspection with that error, which the closing connection must not throw again
     * onto itself: Java then throws "Self-suppression not permitted" instead.
     */
    @Test
    void anOpeningThatFailsWithAnErrorFailsTheInspectionWithThatError() {
        NoClassDefFoundError unloadable = new NoClassDefFoundError("Could not initialize class com.sun.jna.Native");
        LibvirtOpener opener = (uri, readOnly) -> {
            throw unloadable;
        };

        assertSame(
                unloadable,
                assertThrows(
                        NoClassDefFoundError.class,
                        () -> HostInspector.read(opener, URI, host, DomainSelection.all(), true)));
    }

    /** Opens fake connections to {@link #libvirt} and counts them; refuses read-write ones if told to. */
    private final class CountingOpener implements LibvirtOpener {
        private final boolean refusesReadWrite;
        private final List<String> opened = new ArrayList<>();
        private int closed;

        CountingOpener(boolean refusesReadWrite) {
            this.refusesReadWrite = refusesReadWrite;
        }

        @Override
        public LibvirtSession open(String uri, boolean readOnly) {
            opened.add((readOnly ? "read-only " : "read-write ") + uri);
            if (!readOnly && refusesReadWrite) {
                throw VirtTuneException.failed(REFUSAL);
            }
            return new Session(readOnly, agent, () -> closed++);
        }
    }

    /** {@link #libvirt} as a connection of one kind: what libvirt refuses read-only fails the test. */
    private final class Session implements LibvirtSession {
        private final boolean readOnly;
        private final GuestAgentLink agent;
        private final Runnable onClose;

        Session(boolean readOnly, GuestAgentLink agent, Runnable onClose) {
            this.readOnly = readOnly;
            this.agent = agent;
            this.onClose = onClose;
        }

        @Override
        public Optional<String> domainCapabilities(EmulatorQuery query) {
            if (readOnly) {
                throw new AssertionError("domain capabilities asked over a read-only connection");
            }
            return libvirt.domainCapabilities(query);
        }

        @Override
        public String qemuAgentCommand(String domain, String json, int timeoutSeconds) {
            if (readOnly) {
                throw new AssertionError("a guest agent asked over a read-only connection");
            }
            return agent.command(domain, json);
        }

        @Override
        public String uri() {
            return libvirt.uri();
        }

        @Override
        public String hostname() {
            return libvirt.hostname();
        }

        @Override
        public String libvirtVersion() {
            return libvirt.libvirtVersion();
        }

        @Override
        public String hypervisorVersion() {
            return libvirt.hypervisorVersion();
        }

        @Override
        public DomainInventory domains() {
            return libvirt.domains();
        }

        @Override
        public Optional<StorageVolumeFacts> volumeByPath(String path) {
            return libvirt.volumeByPath(path);
        }

        @Override
        public Optional<String> volumePath(String pool, String volume) {
            return libvirt.volumePath(pool, volume);
        }

        @Override
        public String liveXml(String domain) {
            return libvirt.liveXml(domain);
        }

        @Override
        public List<String> runningNames() {
            throw new AssertionError("inspect lists no running domains");
        }

        @Override
        public DomainState state(String domain) {
            throw new AssertionError("inspect reads each domain's state with its record");
        }

        @Override
        public DiskWrites diskWrites(String domain, String target) {
            throw new AssertionError("inspect reads no disk's writes");
        }

        @Override
        public long diskCapacityBytes(String domain, String target) {
            throw new AssertionError("inspect reads no disk's capacity");
        }

        @Override
        public void close() {
            onClose.run();
        }
    }
}

package io.virttune.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The live side of {@link LibvirtJavaConnection}, against libvirt's test driver (no daemon, no agent). */
class LiveDomainsTest {
    private static final String NODE =
            "test://" + Path.of("src/test/resources/libvirt/small-node.xml").toAbsolutePath();

    @Test
    void readsStateAndLiveDefinitionOverAReadWriteConnection() {
        try (LiveDomains live = LibvirtJavaConnection.openReadWrite(NODE)) {
            assertEquals(DomainState.RUNNING, live.state("alpha"));
            assertEquals(DomainState.SHUTOFF, live.state("beta with spaces ü"));
            assertTrue(live.liveXml("alpha").contains("/images/alpha.qcow2"));
        }
    }

    @Test
    void anUnknownDomainIsNamedInTheMessage() {
        try (LiveDomains live = LibvirtJavaConnection.openReadWrite(NODE)) {
            VirtTuneException e = assertThrows(VirtTuneException.class, () -> live.state("nosuch"));
            assertTrue(e.getMessage().contains("no domain named 'nosuch'"), e.getMessage());
        }
    }

    @Test
    void anAgentCommandLibvirtRefusesCarriesLibvirtsReason() {
        try (LiveDomains live = LibvirtJavaConnection.openReadWrite(NODE)) {
            VirtTuneException e = assertThrows(
                    VirtTuneException.class, () -> live.qemuAgentCommand("alpha", "{\"execute\":\"guest-ping\"}", 5));
            assertTrue(e.getMessage().startsWith("guest agent of domain 'alpha': "), e.getMessage());
            assertTrue(e.getMessage().contains("not supported"), e.getMessage());
        }
    }
}

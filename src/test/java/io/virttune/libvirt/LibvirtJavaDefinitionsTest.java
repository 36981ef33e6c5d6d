package io.virttune.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The read-write adapter against libvirt's real client library and its test driver (no daemon). */
class LibvirtJavaDefinitionsTest {
    private static final String NODE =
            "test://" + Path.of("src/test/resources/libvirt/small-node.xml").toAbsolutePath();

    @Test
    void listsThePersistentDefinitionOfEveryDomainAndTheLiveOneOfEachRunningDomain() {
        try (LibvirtJavaDefinitions definitions = LibvirtJavaDefinitions.open(NODE)) {
            List<String> all = definitions.allDefinitions();

            // alpha runs: its live and its persistent definition; beta is shut off: its persistent one.
            assertEquals(3, all.size(), all.toString());
            assertEquals(
                    2,
                    all.stream()
                            .filter(xml -> xml.contains("/images/alpha.qcow2"))
                            .count());
            assertTrue(all.stream().anyMatch(xml -> xml.contains("beta with spaces")));
        }
    }

    @Test
    void saysWhetherADomainIsPersistent() {
        try (LibvirtJavaDefinitions definitions = LibvirtJavaDefinitions.open(NODE)) {
            assertTrue(definitions.find("alpha").orElseThrow().persistent());
        }
    }

    @Test
    void turnsADomainsAutostartOnAndOff() {
        try (LibvirtJavaDefinitions definitions = LibvirtJavaDefinitions.open(NODE)) {
            definitions.autostart("alpha", true);
            assertTrue(definitions.autostart("alpha"));
            definitions.autostart("alpha", false);
            assertFalse(definitions.autostart("alpha"));
        }
    }
}

package io.virttune.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.xml.DomainXml;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Domain capabilities as Debian 12's and 13's libvirt gave them in the lab ({@code virsh domcapabilities}). */
class EmulatorCapabilitiesTest {
    static final String BOOKWORM = Fixtures.project("src/test/resources/libvirt/domcaps-libvirt-9.0-qemu-7.2-tcg.xml");
    static final String TRIXIE = Fixtures.project("src/test/resources/libvirt/domcaps-libvirt-11.3-qemu-10.0-tcg.xml");
    private static final EmulatorQuery TCG = new EmulatorQuery("/usr/bin/qemu-system-x86_64", "qemu", "x86_64", null);

    @Test
    void readsTheLeversOfDebian12sAndDebian13sEmulators() {
        for (String xml : List.of(BOOKWORM, TRIXIE)) {
            EmulatorCapabilities emulator = EmulatorCapabilities.parse(TCG, xml);

            assertTrue(emulator.read());
            assertTrue(emulator.iothreads());
            assertTrue(
                    emulator.diskBuses().containsAll(List.of("virtio", "sata", "scsi")),
                    emulator.diskBuses().toString());
            assertTrue(
                    emulator.memoryBackings().containsAll(List.of("file", "memfd")),
                    emulator.memoryBackings().toString());
        }
        assertEquals("pc-i440fx-7.2", EmulatorCapabilities.parse(TCG, BOOKWORM).machine());
    }

    @Test
    void whatAnEmulatorDoesNotOfferIsNone() {
        EmulatorCapabilities emulator = EmulatorCapabilities.parse(
                TCG,
                BOOKWORM.replace("<iothreads supported='yes'/>", "<iothreads supported='no'/>")
                        .replace("<memoryBacking supported='yes'>", "<memoryBacking supported='no'>")
                        .replaceFirst("<disk supported='yes'>", "<disk supported='no'>"));

        assertFalse(emulator.iothreads());
        assertEquals(List.of(), emulator.diskBuses());
        assertEquals(List.of(), emulator.memoryBackings());
    }

    @Test
    void aDomainIsAskedForByItsEmulatorTypeArchAndMachine() {
        DomainXml domain = DomainXml.parse(
                "<domain type='kvm'><name>a</name><os><type arch='x86_64' machine='pc-q35-7.2'>"
                        + "hvm</type></os><devices><emulator>/usr/bin/qemu-system-x86_64</emulator></devices></domain>",
                "test");

        EmulatorQuery query = EmulatorQuery.of(domain);

        assertEquals(new EmulatorQuery("/usr/bin/qemu-system-x86_64", "kvm", "x86_64", "pc-q35-7.2"), query);
        assertEquals("/usr/bin/qemu-system-x86_64 (kvm, x86_64, pc-q35-7.2)", query.words());
        assertEquals(
                "the default emulator (qemu)",
                EmulatorQuery.of(DomainXml.parse(
                                "<domain type='qemu'><name>a</name><os><type>hvm</type></os></domain>", "test"))
                        .words());
    }
}

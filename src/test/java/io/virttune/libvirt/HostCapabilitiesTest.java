package io.virttune.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The host's UUID from libvirt's capabilities, as the QEMU driver and the test driver report them. */
class HostCapabilitiesTest {
    @Test
    void theQemuDriversHostUuid() {
        String xml = "<capabilities>\n  <host>\n    <uuid>4c4c4544-0042-3510-8052-b4c04f4e3232</uuid>\n"
                + "    <cpu><arch>x86_64</arch></cpu>\n  </host>\n  <guest><os_type>hvm</os_type></guest>\n</capabilities>\n";
        assertEquals(Optional.of("4c4c4544-0042-3510-8052-b4c04f4e3232"), HostCapabilities.hostUuid(xml));
    }

    @Test
    void theTestDriverReportsNone() {
        assertEquals(
                Optional.empty(),
                HostCapabilities.hostUuid("<capabilities><host><cpu><arch>i686</arch></cpu></host></capabilities>"));
    }
}

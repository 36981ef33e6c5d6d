package io.virttune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KernelCommandLineTest {

    @Test
    void keepsRepeatedHugepageParametersInOrder() {
        KernelCommandLine cmdline =
                KernelCommandLine.parse("BOOT_IMAGE=/vmlinuz-6.1.0-18-amd64 root=UUID=4e1c ro default_hugepagesz=1G"
                        + " hugepagesz=1G hugepages=64 hugepagesz=2M hugepages=1024 quiet\n");
        assertEquals(List.of("1G", "2M"), cmdline.values("hugepagesz"));
        assertEquals(List.of("64", "1024"), cmdline.values("hugepages"));
        assertEquals(Optional.of("1024"), cmdline.value("hugepages"), "the last one wins");
        assertEquals(Optional.of("UUID=4e1c"), cmdline.value("root"), "only the first '=' splits");
        assertEquals(Optional.of("1G"), cmdline.value("default_hugepagesz"));
    }

    @Test
    void flagsHaveNoValue() {
        KernelCommandLine cmdline = KernelCommandLine.parse("ro quiet");
        assertTrue(cmdline.has("quiet"));
        assertEquals(Optional.empty(), cmdline.value("quiet"));
        assertFalse(cmdline.has("splash"));
    }

    @Test
    void treatsDashAndUnderscoreAlikeInNames() {
        KernelCommandLine cmdline = KernelCommandLine.parse("transparent-hugepage=never");
        assertEquals(Optional.of("never"), cmdline.value("transparent_hugepage"));
    }

    @Test
    void keepsQuotedSpacesInsideOneValue() {
        KernelCommandLine cmdline = KernelCommandLine.parse("dyndbg=\"file ext4 +p\" quiet");
        assertEquals(
                List.of(
                        new KernelParameter("dyndbg", Optional.of("file ext4 +p")),
                        new KernelParameter("quiet", Optional.empty())),
                cmdline.parameters());
    }

    @Test
    void stopsAtTheArgumentsForInit() {
        KernelCommandLine cmdline = KernelCommandLine.parse("ro -- single hugepages=8");
        assertEquals(List.of(new KernelParameter("ro", Optional.empty())), cmdline.parameters());
        assertEquals("ro -- single hugepages=8", cmdline.raw());
    }
}

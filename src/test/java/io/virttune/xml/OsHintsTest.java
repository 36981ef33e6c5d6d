package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class OsHintsTest {
    @Test
    void microsoftLibosinfoIdIsWindows() {
        OsHints os = Fixtures.domain("windows-sata.xml").os();

        assertEquals(Optional.of("http://microsoft.com/win/10"), os.osinfoId());
        assertTrue(os.isWindows());
        assertEquals(
                Optional.of("libosinfo metadata says http://microsoft.com/win/10 (also Hyper-V"
                        + " enlightenments in <features>, clock offset='localtime')"),
                os.windowsEvidence());
    }

    @Test
    void anotherLibosinfoIdOverridesHypervAndLocaltime() {
        OsHints os = Fixtures.domain("linux-virtio.xml").os();

        assertEquals(Optional.of("http://fedoraproject.org/fedora/30"), os.osinfoId());
        assertFalse(os.isWindows());
    }

    @Test
    void noClueMeansNotWindows() {
        OsHints os = Fixtures.domain("bare-linux.xml").os();

        assertEquals(Optional.empty(), os.osinfoId());
        assertEquals(Optional.empty(), os.windowsEvidence());
    }

    @Test
    void hypervEnlightenmentsAloneAreWindows() {
        assertEquals(
                Optional.of("Hyper-V enlightenments in <features>"),
                evidence("<features><hyperv><relaxed state='on'/></hyperv></features>"));
    }

    @Test
    void aHypervClockTimerIsWindows() {
        assertEquals(
                Optional.of("a hypervclock timer"),
                evidence("<clock offset='utc'><timer name='hypervclock' present='yes'/></clock>"));
    }

    @Test
    void localtimeAloneLeansToWindows() {
        assertEquals(Optional.of("clock offset='localtime'"), evidence("<clock offset='localtime'/>"));
    }

    @Test
    void aVariableClockBasedOnLocaltimeLeansToWindows() {
        assertEquals(
                Optional.of("clock offset='variable' basis='localtime'"),
                evidence("<clock offset='variable' basis='localtime' adjustment='0'/>"));
        assertEquals(Optional.empty(), evidence("<clock offset='variable' basis='utc'/>"));
    }

    @Test
    void theVirtioWinDriverIsoIsAWindowsClue() {
        assertEquals(
                Optional.of("the virtio-win driver ISO in a CD-ROM drive"),
                evidence("<devices><disk type='file'"
                        + " device='cdrom'><source file='/var/lib/libvirt/images/virtio-win-0.1.240.iso'/><target dev='sdc'"
                        + " bus='sata'/></disk></devices>"));
    }

    @Test
    void aMsdosIdIsNotWindows() {
        assertEquals(
                Optional.empty(),
                evidence("<metadata><l:libosinfo xmlns:l='"
                        + OsHints.LIBOSINFO_NAMESPACE + "'><l:os id='http://microsoft.com/msdos/6.22'/>"
                        + "</l:libosinfo></metadata><clock offset='localtime'/>"));
    }

    @Test
    void windowsCluesWinOverALibosinfoIdThatNamesNoOs() {
        for (String id : new String[] {
            "http://libosinfo.org/unknown", "http://libosinfo.org/generic", "http://libosinfo.org/unknown/"
        }) {
            assertEquals(
                    Optional.of("Hyper-V enlightenments in <features>, clock offset='localtime'"
                            + " (libosinfo metadata " + id + " names no operating system)"),
                    evidence(osinfo(id) + "<features><hyperv><relaxed state='on'/></hyperv></features>"
                            + "<clock offset='localtime'/>"),
                    id);
        }
    }

    @Test
    void aLibosinfoIdThatNamesNoOsWithoutAnyWindowsClueIsNotWindows() {
        assertEquals(Optional.empty(), evidence(osinfo("http://libosinfo.org/unknown") + "<clock offset='utc'/>"));
    }

    @Test
    void aLibosinfoIdNamingAnOsStillOutweighsTheClues() {
        assertEquals(
                Optional.empty(),
                evidence(osinfo("http://libosinfo.org/linux/2022")
                        + "<features><hyperv><relaxed state='on'/></hyperv></features>"));
    }

    private static String osinfo(String id) {
        return "<metadata><l:libosinfo xmlns:l='" + OsHints.LIBOSINFO_NAMESPACE + "'><l:os id='" + id + "'/>"
                + "</l:libosinfo></metadata>";
    }

    private static Optional<String> evidence(String children) {
        return DomainXml.parse("<domain type='kvm'><name>g</name>" + children + "</domain>", "domain g")
                .os()
                .windowsEvidence();
    }
}

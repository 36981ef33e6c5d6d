package io.virttune.libvirt;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LibvirtUrisTest {
    private static final String HOSTNAME = "hv01";

    @ParameterizedTest
    @ValueSource(
            strings = {
                "qemu:///system",
                "qemu:///session",
                "qemu+unix:///system",
                "test:///default",
                "qemu+ssh://localhost/system",
                "qemu+ssh://root@hv01/system",
                "qemu+ssh://HV01.example.net:22/system",
                "qemu+tcp://127.0.0.1/system",
                "qemu+tcp://[::1]:16509/system"
            })
    void acceptsUrisOfThisMachine(String uri) {
        assertDoesNotThrow(() -> LibvirtUris.requireThisHost(uri, "apply", HOSTNAME));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "qemu+ssh://root@hv02/system",
                "qemu+tls://hv02.example.net/system",
                "qemu+ssh://hv01x/system",
                "qemu+ssh://hv_02/system",
                "qemu+tcp://10.0.0.5:16509/system",
                "qemu+tcp://[fd00::5]/system"
            })
    void refusesUrisOfAnotherMachineNamingTheRuleAndWhatToDo(String uri) {
        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> LibvirtUris.requireThisHost(uri, "apply", HOSTNAME));
        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().contains("rule: virt-tune apply acts only on the host it runs on"), e.getMessage());
        assertTrue(e.getMessage().contains("with --connect qemu:///system"), e.getMessage());
    }

    @Test
    void refusesWhatIsNotAUriBecauseItsHostIsUnknown() {
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> LibvirtUris.requireThisHost("qemu+ssh://hv 02/system", "cleanup", HOSTNAME));
        assertEquals(ExitCode.REFUSED, e.exitCode());
    }

    @Test
    void refusesAnotherMachineWithoutKnowingThisOnesName() {
        assertThrows(
                VirtTuneException.class, () -> LibvirtUris.requireThisHost("qemu+ssh://hv02/system", "rollback", ""));
        assertDoesNotThrow(() -> LibvirtUris.requireThisHost("qemu:///system", "rollback", ""));
    }

    @Test
    void readsOnlyLocalQemuAsLocal() {
        assertTrue(LibvirtUris.isLocalQemu("qemu:///system"));
        assertFalse(LibvirtUris.isLocalQemu("qemu+ssh://hv_02/system"));
        assertFalse(LibvirtUris.isLocalQemu("test:///default"));
    }

    @Test
    void anAliasThatLibvirtOpensOnAnotherHostIsRefusedWhateverItsStringSays() {
        // "hv2" parses as a URI without a host: the string alone passed it as this machine.
        LibvirtUris.requireThisHost("hv2", "apply", "hv1");
        VirtTuneException refused = assertThrows(
                VirtTuneException.class,
                () -> LibvirtUris.requireOpenedHere("hv2", "qemu+ssh://root@hv2/system", "hv2", "apply", "hv1"));
        assertTrue(
                refused.getMessage().contains("it names the host 'root@hv2'")
                        || refused.getMessage().contains("hv2"),
                refused.getMessage());
        VirtTuneException daemonElsewhere = assertThrows(
                VirtTuneException.class,
                () -> LibvirtUris.requireOpenedHere("local", "qemu:///system", "hv2", "apply", "hv1"));
        assertTrue(
                daemonElsewhere.getMessage().contains("whose daemon runs on 'hv2', not on this machine ('hv1')"),
                daemonElsewhere.getMessage());
        LibvirtUris.requireOpenedHere("local", "qemu:///system", "hv1", "apply", "hv1");
    }
}

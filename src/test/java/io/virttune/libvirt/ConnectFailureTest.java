package io.virttune.libvirt;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The hint a connection failure ends with, by what the URI says; no libvirt asked. */
class ConnectFailureTest {
    private static final String LOCAL = "is libvirtd running, and is the URI right? see --connect";
    private static final String REMOTE = "is libvirtd running there, and can this machine reach it? see --connect";

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "qemu:///system|" + LOCAL,
                "qemu+unix:///system?socket=/nonexistent|" + LOCAL,
                "qemu+tcp:///system|" + REMOTE,
                "qemu+ssh://root@hv02:22/system|" + REMOTE,
                "qemu://hv02/system|" + REMOTE,
                "qemu://hv_02/system|" + REMOTE,
                "test:///tmp/node.xml|check the test driver's XML file",
                "foo:///system|'foo' is no libvirt driver's scheme: qemu:///system here, qemu+ssh://HOST/system for"
                        + " another host; see --connect",
                "foo+ssh://hv02/system|'foo+ssh' is no libvirt driver's scheme: qemu:///system here,"
                        + " qemu+ssh://HOST/system for another host; see --connect",
                "hv2|a libvirt URI begins with its driver's scheme (qemu:///system here, qemu+ssh://HOST/system for"
                        + " another host), unless it is an alias of libvirt.conf's uri_aliases; see --connect",
            })
    void theHintFitsTheUrisKind(String uri, String hint) {
        assertEquals(
                "cannot connect to libvirt at '" + uri + "': it failed (" + hint + ")",
                ConnectFailure.message(uri, "it failed\nmore lines"));
    }

    @Test
    void aTestDriverFileIsFoundAsLibvirtDecodesItsPath(@TempDir Path dir) throws Exception {
        Path node = Files.createDirectories(dir.resolve("a b")).resolve("node.xml");
        Files.writeString(node, "<node/>");

        assertDoesNotThrow(
                () -> ConnectFailure.requireTestFile("test://" + dir.toUri().getRawPath() + "a%20b/node.xml"));
        assertDoesNotThrow(() -> ConnectFailure.requireTestFile("test:///default"));
        VirtTuneException missing = assertThrows(
                VirtTuneException.class, () -> ConnectFailure.requireTestFile("test://" + dir + "/none.xml?x=1"));
        assertTrue(
                missing.getMessage().contains("the test driver's file " + dir + "/none.xml does not exist"),
                missing.getMessage());
    }
}

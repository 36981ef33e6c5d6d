package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.VirtTuneException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ThinDumpParserTest {
    private static final long CHUNK = 64 * 1024;
    private static final long MIB = 1L << 20;

    /** Device 1 of the recording (thin/README.md): three chunks at 0, one at 1 MiB, sixteen at 100 MiB. */
    private static final ProvisionedChunks DEVICE_1 = new ProvisionedChunks(
            CHUNK,
            List.of(
                    new ProvisionedChunks.Run(0, 3 * CHUNK),
                    new ProvisionedChunks.Run(MIB, CHUNK),
                    new ProvisionedChunks.Run(100 * MIB, MIB)));

    @ParameterizedTest
    @ValueSource(strings = {"0.9", "1.1"})
    void oneDevicesRangeAndSingleMappingsBecomeByteRanges(String version) {
        ThinDumpParser.DeviceMappings dump =
                ThinDumpParser.parse(Fixtures.read(getClass(), "thin/thin_dump-" + version + ".xml"), 1);

        assertEquals(DEVICE_1, dump.chunks());
        assertEquals(20, dump.statedBlocks());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.9", "1.1"})
    void aDumpOfAnotherDeviceTooIsRefused(String version) {
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> ThinDumpParser.parse(Fixtures.read(getClass(), "thin/thin_dump-" + version + "-all.xml"), 1));
        assertEquals("thin_dump --dev-id 1 printed device 2", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.9", "1.1"})
    void aDeviceTheSnapshotDoesNotListIsNotReadAsUnprovisioned(String version) {
        // thin_dump --dev-id of a device it does not find prints an empty superblock and exits 0.
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> ThinDumpParser.parse(
                        Fixtures.read(getClass(), "thin/thin_dump-" + version + "-missing.xml"), 99));
        assertEquals("thin_dump lists no device 99 in the pool's metadata snapshot", e.getMessage());
    }

    @Test
    void anElementItDoesNotKnowIsRefusedNotSkipped() {
        String shared = Fixtures.read(getClass(), "thin/thin_dump-1.1.xml")
                .replace("<single_mapping origin_block=\"16\" data_block=\"3\" time=\"0\"/>", "<ref name=\"7\"/>");

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> ThinDumpParser.parse(shared, 1));
        assertTrue(e.getMessage().startsWith("thin_dump printed <ref>"), e.getMessage());
    }

    @Test
    void mappingsOutOfOrderAreRefused() {
        String swapped = "<superblock data_block_size=\"128\"><device dev_id=\"1\" mapped_blocks=\"2\">"
                + "<single_mapping origin_block=\"5\"/><single_mapping origin_block=\"4\"/></device></superblock>";

        assertThrows(VirtTuneException.class, () -> ThinDumpParser.parse(swapped, 1));
    }
}

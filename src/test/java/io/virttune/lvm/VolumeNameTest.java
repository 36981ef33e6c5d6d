package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VolumeNameTest {
    @Test
    void readsVgSlashLvAsLvmWritesIt() {
        VolumeName name = VolumeName.parse("vg_fast/web01-vda", "the journal of 'web01'");

        assertEquals(new VolumeName("vg_fast", "web01-vda"), name);
        assertEquals("vg_fast/web01-vda", name.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"web01-vda", "vg_fast/", "/web01-vda", "vg_fast/web01/vda", "/dev/vg_fast/web01-vda", ""})
    void refusesAnythingElseSayingWhoseItIs(String text) {
        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> VolumeName.parse(text, "the journal of 'web01'"));

        assertEquals(ExitCode.FAILED, e.exitCode());
        assertTrue(
                e.getMessage()
                        .startsWith("the journal of 'web01' names '" + text + "' as a logical volume, which is not"
                                + " one written VG/LV"),
                e.getMessage());
    }
}

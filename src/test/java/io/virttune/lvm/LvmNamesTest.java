package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LvmNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"db01-disk0", "a", "A+b_c.d-e", ".hidden"})
    void acceptsWhatLvmAccepts(String name) {
        assertTrue(LvmNames.isValid(name), name);
    }

    @Test
    void limitsLengthTo127() {
        assertTrue(LvmNames.isValid("x".repeat(127)));
        assertFalse(LvmNames.isValid("x".repeat(128)));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                ".",
                "..",
                "-lv",
                "bad name",
                "quo'te",
                "é",
                "snapshot1",
                "pvmove0",
                "pool0_tmeta",
                "x_tdata",
                "lvol0_pmspare",
                "a_rimage_0",
                "x_vorigin",
                "y_cvol",
                "a/b",
                "cache_wcorig",
                "db_mlog",
                "m_mimage_1",
                "snapshot",
                "pvmove"
            })
    void refusesWhatLvmRefuses(String name) {
        assertFalse(LvmNames.isValid(name), name);
    }

    @Test
    void allowsReservedWordsInVolumeGroupNamesOnly() {
        assertTrue(LvmNames.isValidVolumeGroupName("snapshots"));
        assertFalse(LvmNames.isValidVolumeGroupName("-vg"));
        assertFalse(LvmNames.isValidVolumeGroupName(null));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "db01|vda|db01-vda",
                "web server 1|sda|web_server_1-sda",
                "O'Brien \"prod\"|vdb|O_Brien_prod_-vdb",
                "базаданных|vda|_-vda",
                "ДБ-01|vda|_-01-vda",
                "-evil|vda|vm_-evil-vda",
                "..|vda|..-vda",
                "snapshot|vda|vm_snapshot-vda",
                "pvmove|hda|vm_pvmove-hda",
                "db_tmeta|vda|db-tmeta-vda",
                "a_pmspare_rimage|vda|a-pmspare-rimage-vda",
                "|vda|_-vda"
            })
    void derivesValidNamesFromHostileDomainNames(String domain, String target, String expected) {
        String name = LvmNames.derive(domain == null ? "" : domain, target, Set.of());
        assertEquals(expected, name);
        assertTrue(LvmNames.isValid(name), name);
    }

    @Test
    void shortensLongNames() {
        String name = LvmNames.derive("d".repeat(300), "vda", Set.of());
        assertEquals(LvmNames.MAX_DERIVED_LENGTH, name.length());
        assertTrue(LvmNames.isValid(name));
    }

    @Test
    void avoidsTakenNames() {
        assertEquals("db01-vda-2", LvmNames.derive("db01", "vda", Set.of("db01-vda")));
        assertEquals("db01-vda-3", LvmNames.derive("db01", "vda", Set.of("db01-vda", "db01-vda-2")));
        String longBase = "d".repeat(300);
        String first = LvmNames.derive(longBase, "vda", Set.of());
        String second = LvmNames.derive(longBase, "vda", Set.of(first));
        assertEquals(LvmNames.MAX_DERIVED_LENGTH, second.length());
        assertTrue(second.endsWith("-2"), second);
        assertTrue(LvmNames.isValid(second));
    }

    @ParameterizedTest
    @ValueSource(longs = {64L << 10, 128L << 10, 4L << 20, 1L << 30})
    void thinChunksArePowersOfTwoFrom64KiBTo1GiB(long bytes) {
        LvmNames.requireValidThinChunk(bytes);
    }

    @ParameterizedTest
    @ValueSource(longs = {3L << 20, 32L << 10, 1L << 40, 2L << 30, 0, -(64L << 10), 96L << 10})
    void otherThinChunksAreRefusedSayingWhatIsValid(long bytes) {
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> LvmNames.requireValidThinChunk(bytes));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains("a power of two from 64 KiB to 1 GiB"), e.getMessage());
    }

    @Test
    void invalidNamesAreRefusedNamingTheVolumeGroup() {
        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> LvmNames.requireValidLogicalVolume("vg_fast", "my pool"));
        assertEquals("'my pool' is not a valid LVM logical volume name (in volume group vg_fast)", e.getMessage());
        assertThrows(VirtTuneException.class, () -> LvmNames.requireValidVolumeGroup("-vg"));
        assertThrows(
                VirtTuneException.class,
                () -> LvmNames.requireValidLogicalVolume("vg", "x".repeat(123)),
                "VG/LV longer than LVM takes");
        LvmNames.requireValidLogicalVolume("vg_fast", "pool");
    }
}

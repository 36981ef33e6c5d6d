package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.process.ProcessResult;
import io.virttune.testing.RealTool;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lvmlocal.conf fragments, checked by LVM itself (lvmconfig --config validates; --file does not). */
class LvmFragmentToolTest {
    private static final RealTool LVMCONFIG = new RealTool("lvmconfig", "lvm2");
    private final Map<String, String> files = Hv01.render(SnippetFormat.files, false);

    @Test
    void fastFragmentIsValidAndSetsFourMebibyteChunksWithoutZeroing() {
        assertAccepted(files.get(LvmTopic.FAST_FILE), "0");
    }

    @Test
    void multiTenantFragmentIsValidAndKeepsZeroing() {
        assertAccepted(files.get(LvmTopic.SAFE_FILE), "1");
    }

    @Test
    void theCheckRejectsAMisspelledSetting() {
        String broken = files.get(LvmTopic.FAST_FILE).replace("thin_pool_chunk_size", "thin_pool_chunksize");
        ProcessResult result = LVMCONFIG.run("--config", broken, "--validate");
        assertNotEquals(0, result.exitCode(), result.stdout());
        assertTrue(result.stderr().contains("thin_pool_chunksize\" unknown"), result.stderr());
    }

    private static void assertAccepted(String fragment, String zero) {
        ProcessResult validation = LVMCONFIG.run("--config", fragment, "--validate");
        assertEquals(0, validation.exitCode(), validation.stderr());
        assertTrue(validation.stdout().contains("LVM configuration valid"), validation.stdout());
        ProcessResult current = LVMCONFIG.run(
                "--config",
                fragment,
                "--type",
                "current",
                "allocation/thin_pool_chunk_size",
                "allocation/thin_pool_zero");
        assertEquals(0, current.exitCode(), current.stderr());
        assertEquals(
                "thin_pool_chunk_size=4096\nthin_pool_zero=" + zero,
                current.stdout().strip());
    }
}

package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.process.ScriptedProcessRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockZeroingTest {
    private static final long MIB = 1L << 20;
    private static final String LV = "/dev/vg0/web01-vda";

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    private final BlockZeroing zeroing = new BlockZeroing(runner);

    @Test
    void writesTheUnalignedHeadAsZerosThenZeroesTheAlignedRestAndFlushes() {
        runner.succeed("").succeed("").succeed("");

        // An image of 1 GiB + 512 bytes in a 1028 MiB LV: on a 4Kn device blkdiscard refuses offset 1 GiB + 512.
        zeroing.zero(LV, 1024 * MIB + 512, 4 * MIB - 512);

        assertEquals(
                List.of(
                        dd(1024 * MIB + 512, 65536 - 512),
                        List.of(
                                "blkdiscard",
                                "--zeroout",
                                "--offset",
                                Long.toString(1024 * MIB + 65536),
                                "--length",
                                Long.toString(4 * MIB - 65536),
                                LV),
                        List.of("sync", LV)),
                runner.commands());
    }

    @Test
    void writesAnUnalignedTailAsZerosToo() {
        runner.succeed("").succeed("").succeed("");

        zeroing.zero(LV, 0, 3 * 65536 + 4096 + 512);

        assertEquals(
                List.of(
                        List.of("blkdiscard", "--zeroout", "--offset", "0", "--length", Long.toString(3 * 65536), LV),
                        dd(3 * 65536, 4096 + 512),
                        List.of("sync", LV)),
                runner.commands());
    }

    @Test
    void aRangeWithinOneAlignedUnitIsWrittenAsZerosOnly() {
        runner.succeed("").succeed("");

        zeroing.zero(LV, 65536 + 512, 1024);

        assertEquals(List.of(dd(65536 + 512, 1024), List.of("sync", LV)), runner.commands());
    }

    @Test
    void anAlignedRangeNeedsNoExplicitZeros() {
        runner.succeed("").succeed("");

        zeroing.zero(LV, 0, 8 * MIB);

        assertEquals(
                List.of(
                        List.of("blkdiscard", "--zeroout", "--offset", "0", "--length", Long.toString(8 * MIB), LV),
                        List.of("sync", LV)),
                runner.commands());
    }

    private static List<String> dd(long offset, long length) {
        return List.of(
                "dd",
                "if=/dev/zero",
                "of=" + LV,
                "bs=65536",
                "seek=" + offset,
                "count=" + length,
                "oflag=seek_bytes",
                "iflag=count_bytes",
                "conv=notrunc",
                "status=none");
    }
}

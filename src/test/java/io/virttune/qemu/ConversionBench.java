package io.virttune.qemu;

import io.virttune.lvm.LvmCli;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.lvm.VolumeName;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessRunner;
import java.util.Locale;

/**
 * The chosen conversion for scripts/bench/conversion.sh, run inside the lab: {@link LvConversion}
 * into a fresh thin LV, timed from its own clock (no JVM start). Prints progress lines, then
 * {@code chosen_s=...} (until qemu-img reports 100%) and {@code verify_s=...} (tail and compare).
 */
public final class ConversionBench {
    private ConversionBench() {}

    /** Arguments: IMAGE VG POOL LV CHUNK_BYTES [BYTES_PER_SECOND, the copy's and the verify's cap]. */
    public static void main(String[] args) {
        String image = args[0];
        String vg = args[1];
        String pool = args[2];
        VolumeName volume = new VolumeName(vg, args[3]);
        long chunk = Long.parseLong(args[4]);
        long cap = args.length > 5 ? Long.parseLong(args[5]) : 0;
        ProcessRunner runner = new LocalProcessRunner();
        LvmCli lvm = new LvmCli(runner);
        long deviceBytes = lvm.report().logicalVolume(vg, args[3]).orElseThrow().sizeBytes();
        long start = System.nanoTime();
        long[] copied = {0};
        int[] nextTenth = {1};
        LvConversion.Outcome outcome = new LvConversion(runner)
                .capped(cap)
                .intoFreshThin(
                        image,
                        "qcow2",
                        new QemuImg(runner).map(image, "qcow2"),
                        volume,
                        deviceBytes,
                        chunk,
                        new ThinPoolRoom(lvm, vg, pool),
                        percent -> {
                            while (percent >= nextTenth[0] * 10) {
                                System.out.printf("chosen: %d%%%n", nextTenth[0]++ * 10);
                            }
                            if (percent >= 100 && copied[0] == 0) {
                                copied[0] = System.nanoTime();
                            }
                        })
                .outcome();
        long end = System.nanoTime();
        System.out.println("chosen: outcome " + outcome);
        System.out.printf(
                Locale.ROOT, "chosen_s=%.2f verify_s=%.2f%n", (copied[0] - start) / 1e9, (end - copied[0]) / 1e9);
    }
}

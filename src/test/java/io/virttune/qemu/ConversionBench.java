package io.virttune.qemu;

import io.virttune.lvm.LvmCli;
import io.virttune.lvm.MetadataSnapshotHolds;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.lvm.VolumeName;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import io.virttune.text.ProgressMeters;
import io.virttune.text.ProgressStyle;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The chosen conversion for scripts/bench/conversion.sh, run inside the lab: {@link LvConversion}
 * into a fresh thin LV, timed from its own clock (no JVM start). Prints progress lines, then
 * {@code chosen_s=...} (until qemu-img exits, its data flushed to the device: what a copy must
 * reach before its verify) and {@code verify_s=...} (tail and compare). With
 * {@code argv} first, prints the copy's command line instead, one word a line, for the script to time
 * qemu-img alone with the very flags virt-tune passes it.
 */
public final class ConversionBench {
    private ConversionBench() {}

    /** Arguments: IMAGE VG POOL LV CHUNK_BYTES [BYTES_PER_SECOND, the copy's and the verify's cap]; or argv IMAGE DEVICE. */
    public static void main(String[] args) {
        if (args[0].equals("argv")) {
            QemuImgConvert.argv(ConversionMethod.FRESH_THIN_VOLUME, args[1], "qcow2", args[2])
                    .forEach(System.out::println);
            return;
        }
        String image = args[0];
        String vg = args[1];
        String pool = args[2];
        VolumeName volume = new VolumeName(vg, args[3]);
        long chunk = Long.parseLong(args[4]);
        long cap = args.length > 5 ? Long.parseLong(args[5]) : 0;
        CopyClock runner = new CopyClock();
        LvmCli lvm = new LvmCli(runner);
        long deviceBytes = lvm.report().logicalVolume(vg, args[3]).orElseThrow().sizeBytes();
        long start = System.nanoTime();
        PrintWriter out = new PrintWriter(System.out, true);
        LvConversion.Outcome outcome = new LvConversion(runner, MetadataSnapshotHolds.none())
                .capped(cap)
                .intoFreshThin(
                        image,
                        "qcow2",
                        new QemuImg(runner).map(image, "qcow2"),
                        volume,
                        deviceBytes,
                        chunk,
                        new ThinPoolRoom(lvm, vg, pool),
                        new ProgressMeters(ProgressStyle.LINES, out, out, "chosen"))
                .outcome();
        long end = System.nanoTime();
        System.out.println("chosen: outcome " + outcome);
        System.out.printf(
                Locale.ROOT,
                "chosen_s=%.2f verify_s=%.2f%n",
                (runner.copyEnded - start) / 1e9,
                (end - runner.copyEnded) / 1e9);
    }

    /** The local runner, noting when the first {@code qemu-img convert} ended. */
    private static final class CopyClock implements ProcessRunner {
        private final ProcessRunner local = new LocalProcessRunner();
        private long copyEnded;

        @Override
        public ProcessResult run(List<String> argv, Duration limit) {
            return local.run(argv, limit);
        }

        @Override
        public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
            ProcessResult result = local.run(argv, stdoutLines);
            if (copyEnded == 0 && argv.subList(0, Math.min(2, argv.size())).equals(List.of("qemu-img", "convert"))) {
                copyEnded = System.nanoTime();
            }
            return result;
        }

        @Override
        public ProcessResult feed(List<String> argv, String input, Consumer<String> stderrLines) {
            return local.feed(argv, input, stderrLines);
        }
    }
}

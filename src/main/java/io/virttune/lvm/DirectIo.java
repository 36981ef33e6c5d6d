package io.virttune.lvm;

import io.virttune.VirtTuneException;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Timed passes over a block device with direct I/O (no page cache to flatter a read or hide a
 * write), each bounded by a size and a time: {@code dd}'s sequential write and read, and {@code
 * qemu-img bench}'s scattered 64 KiB writes; what a calibration measures a VG by.
 */
public final class DirectIo {
    /** dd's request size: large enough that the device, not the system calls, sets the pace. */
    public static final long BLOCK_BYTES = 4L << 20;

    /** A scattered write's request: the 64 KiB granule a live copy's mirror copies again when the guest dirties it. */
    public static final long GRANULE_BYTES = 64L << 10;
    /**
     * Requests in flight in a scattered pass: QEMU's mirror copies at most 16 pieces at once
     * (MAX_IN_FLIGHT in block/mirror.c).
     */
    static final int SCATTERED_DEPTH = 16;

    // qemu-img bench's last line: "Run completed in S seconds."
    private static final Pattern BENCH = Pattern.compile("^Run completed in ([0-9.]+) seconds");
    // GNU dd's last line in the C locale, also when a signal stops it: "N bytes (...) copied, S s, R MB/s".
    private static final Pattern STATISTICS = Pattern.compile("^(\\d+) bytes? .*copied, ([0-9.]+) s");
    /** The exit status of timeout(1) when the time bound stopped the command. */
    private static final int TIMED_OUT = 124;

    private final ProcessRunner runner;

    public DirectIo(ProcessRunner runner) {
        this.runner = runner;
    }

    /** What one pass moved and in how long; {@code bytes} may be less than asked when the time bound stopped it. */
    public record Pass(long bytes, double seconds) {
        public long bytesPerSecond() {
            return seconds > 0 ? (long) (bytes / seconds) : 0;
        }
    }

    /** A pass that ran (or that a dry run printed): its figures are read only from a pass that ran. */
    public record Ran(String what, String device, ProcessResult result) {
        /** What dd reported it moved; refused when it printed no statistics. */
        public Pass pass() {
            return statistics(result.stderr())
                    .filter(pass -> pass.bytes() > 0)
                    .orElseThrow(() -> VirtTuneException.failed(
                            "dd's " + what + " of " + device + " reported nothing moved to time it by: "
                                    + result.stderr().strip()));
        }
    }

    /**
     * A scattered write that ran (or that a dry run printed) of {@code requests} granules: qemu-img
     * bench prints its time only once every request is done.
     */
    public record Scattered(String device, long requests, ProcessResult result) {
        /** What it wrote and in how long; refused when it printed no time (its time bound stopped it). */
        public Pass pass() {
            return result.stdout()
                    .lines()
                    .map(BENCH::matcher)
                    .filter(Matcher::find)
                    .map(m -> new Pass(requests * GRANULE_BYTES, Double.parseDouble(m.group(1))))
                    .filter(pass -> pass.seconds() > 0)
                    .findFirst()
                    .orElseThrow(() -> VirtTuneException.failed("qemu-img bench's " + requests
                            + " scattered writes of 64 KiB to " + device
                            + (result.exitCode() == TIMED_OUT
                                    ? " were stopped by their time bound: a device this slow at scattered writes is not"
                                            + " measured"
                                    : " printed no time to measure them by")
                            + "; it printed: "
                            + (result.stdout() + result.stderr()).strip().replace('\n', ' ')));
        }
    }

    /** Writes zeros over the first {@code bytes} of {@code device}, for at most {@code limit}. */
    public Ran write(String device, long bytes, Duration limit) {
        return pass(
                limit,
                List.of("if=/dev/zero", "of=" + device, "oflag=direct", "conv=fdatasync"),
                bytes,
                "write",
                device);
    }

    /** Reads the first {@code bytes} of {@code device}, for at most {@code limit}. */
    public Ran read(String device, long bytes, Duration limit) {
        return pass(limit, List.of("if=" + device, "of=/dev/null", "iflag=direct"), bytes, "read", device);
    }

    /**
     * Writes {@code bytes} in 64 KiB requests scattered over the whole of {@code device}, {@code
     * sizeBytes} long, for at most {@code limit}: each request a stride of about 0.618 of the device
     * past the last, wrapping at its end (qemu-img bench's offset, modulo the image size), a stride
     * that shares no factor with the device's granules so that no granule is written twice before
     * each is written once.
     */
    public Scattered scatteredWrite(String device, long sizeBytes, long bytes, Duration limit) {
        long granules = sizeBytes / GRANULE_BYTES;
        long requests = Math.max(1, Math.min(granules, bytes / GRANULE_BYTES));
        List<String> argv = bounded(limit, "qemu-img");
        argv.addAll(List.of(
                "bench",
                "-w",
                "-f",
                "raw",
                "-t",
                "none",
                "-d",
                Integer.toString(SCATTERED_DEPTH),
                "-s",
                Long.toString(GRANULE_BYTES),
                "-S",
                Long.toString(stride(granules) * GRANULE_BYTES),
                "-c",
                Long.toString(requests),
                device));
        ProcessResult result = runner.act(argv);
        if (!result.succeeded() && result.exitCode() != TIMED_OUT) {
            throw VirtTuneException.failed("Could not write " + device + " with qemu-img bench: exit code "
                    + result.exitCode() + " (" + result.stderr().strip().replace('\n', ' ') + ")");
        }
        return new Scattered(device, requests, result);
    }

    /** The golden-ratio share of {@code granules}, moved up to the first that shares no factor with it. */
    static long stride(long granules) {
        long stride = Math.max(1, (long) (granules * 0.618));
        while (gcd(stride, granules) != 1) {
            stride++;
        }
        return stride;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /**
     * Both passes are acting commands: the write changes the device, and the read reads what the
     * write just wrote, which a dry run never wrote (its runner prints them and runs neither).
     */
    private Ran pass(Duration limit, List<String> operands, long bytes, String what, String device) {
        List<String> argv = bounded(limit, "dd");
        argv.addAll(operands);
        argv.add("bs=" + BLOCK_BYTES);
        argv.add("count=" + Math.max(1, bytes / BLOCK_BYTES));
        ProcessResult result = runner.act(argv);
        // Stopped by its time bound, dd still reports what it moved: a shorter measurement, not a failure.
        if (!result.succeeded() && result.exitCode() != TIMED_OUT) {
            throw VirtTuneException.failed("Could not " + what + " " + device + " with dd: exit code "
                    + result.exitCode() + " (" + result.stderr().strip().replace('\n', ' ') + ")");
        }
        return new Ran(what, device, result);
    }

    /** {@code command}'s argv in the C locale, stopped after {@code limit}. */
    private static List<String> bounded(Duration limit, String command) {
        // timeout forks the command: it dies with it (pdeathsig), so that a SIGKILL of virt-tune leaves nothing
        // writing.
        return new ArrayList<>(List.of(
                "env",
                "LC_ALL=C",
                "timeout",
                "--signal=INT",
                Long.toString(limit.toSeconds()),
                "setpriv",
                "--pdeathsig",
                "KILL",
                "--",
                command));
    }

    /** The pass dd's statistics on stderr report; empty when it printed none. */
    static Optional<Pass> statistics(String stderr) {
        return stderr.lines()
                .map(STATISTICS::matcher)
                .filter(Matcher::find)
                .reduce((first, last) -> last)
                .map(m -> new Pass(Long.parseLong(m.group(1)), Double.parseDouble(m.group(2))));
    }
}

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
 * Timed passes over a block device with {@code dd} and direct I/O (no page cache to flatter a read
 * or hide a write), each bounded by a size and a time: what a calibration measures a VG by.
 */
public final class DirectIo {
    /** dd's request size: large enough that the device, not the system calls, sets the pace. */
    public static final long BLOCK_BYTES = 4L << 20;

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
     * Both passes are acting commands: the write changes the device, and the read reads what the
     * write just wrote, which a dry run never wrote (its runner prints them and runs neither).
     */
    private Ran pass(Duration limit, List<String> operands, long bytes, String what, String device) {
        // timeout forks dd: dd dies with it (pdeathsig), so that a SIGKILL of virt-tune leaves no dd writing.
        List<String> argv = new ArrayList<>(List.of(
                "env",
                "LC_ALL=C",
                "timeout",
                "--signal=INT",
                Long.toString(limit.toSeconds()),
                "setpriv",
                "--pdeathsig",
                "KILL",
                "--",
                "dd"));
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

    /** The pass dd's statistics on stderr report; empty when it printed none. */
    static Optional<Pass> statistics(String stderr) {
        return stderr.lines()
                .map(STATISTICS::matcher)
                .filter(Matcher::find)
                .reduce((first, last) -> last)
                .map(m -> new Pass(Long.parseLong(m.group(1)), Double.parseDouble(m.group(2))));
    }
}

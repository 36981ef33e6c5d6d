package io.virttune.bench;

import io.virttune.VirtTuneException;
import io.virttune.agent.ExecStatus;
import io.virttune.agent.GuestAgent;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/** fio inside a guest: checks it is there, runs a {@link FioRun} with the job file on stdin, removes the scratch file. */
public final class GuestFio {
    private final GuestAgent agent;
    private final String domain;
    private final String fioPath;
    private final Consumer<String> log;

    public GuestFio(GuestAgent agent, String domain, String fioPath, Consumer<String> log) {
        this.agent = agent;
        this.domain = domain;
        this.fioPath = fioPath;
        this.log = log;
    }

    /** fio's version in the guest, or a failure that says fio is missing and what to do. */
    public String version() {
        ExecStatus status;
        try {
            status = agent.run(fioPath, List.of("--version"), List.of(), null, Duration.ofSeconds(60));
        } catch (VirtTuneException e) {
            throw missing(e.getMessage());
        }
        if (status.exitCode() != 0) {
            throw missing("'" + fioPath + " --version' exited with " + status.exitCode() + ": "
                    + status.err().strip());
        }
        return status.out().strip();
    }

    private VirtTuneException missing(String why) {
        return VirtTuneException.failed("no fio at '" + fioPath + "' in domain '" + domain + "': " + why
                + " (install fio in the guest, or give its path with --fio)");
    }

    /** Runs one fio command with the job file on stdin and parses fio's report. */
    public FioReport run(FioRun run, BenchTarget target, int timeoutSeconds) {
        ExecStatus status = agent.run(
                fioPath, run.arguments("-"), run.environment(), run.jobFile(), Duration.ofSeconds(timeoutSeconds));
        if (status.exitCode() != 0) {
            throw VirtTuneException.failed("fio failed in domain '" + domain + "' with exit code " + status.exitCode()
                    + " on " + target.path() + ": " + firstLines(status.err()));
        }
        return FioReport.parse(status.out(), "in domain '" + domain + "'");
    }

    /** Removes fio's scratch file (a scratch device is left as it is); only warns when that fails. */
    public void removeScratchFile(BenchTarget target) {
        if (target.device()) {
            blankAgain(target.path());
            return;
        }
        ExecStatus removed =
                agent.run("rm", List.of("-f", "--", target.path()), List.of(), null, Duration.ofSeconds(60));
        if (removed.exitCode() != 0) {
            log.accept("warning: could not remove the scratch file " + target.path() + " in domain '" + domain + "': "
                    + removed.err().strip());
        }
    }

    /**
     * Zeroes the first MiB of a scratch device fio wrote: the next bench proves a device unclaimed
     * by that MiB being zeros ({@code ScratchDeviceUse}), and fio's data would read as a claim.
     */
    private void blankAgain(String device) {
        ExecStatus zeroed = agent.run(
                "sh",
                List.of("-c", "dd if=/dev/zero of=\"$1\" bs=65536 count=16 2>/dev/null && sync", "sh", device),
                List.of(),
                null,
                Duration.ofSeconds(60));
        if (zeroed.exitCode() != 0) {
            log.accept("warning: could not zero the first MiB of " + device + " in domain '" + domain + "' again ("
                    + zeroed.err().strip() + "); the next bench on it refuses it until it is (blkdiscard " + device
                    + ")");
        }
    }

    private static String firstLines(String text) {
        List<String> lines = text.strip().lines().limit(5).toList();
        return lines.isEmpty() ? "(no error output)" : String.join("\n", lines);
    }
}

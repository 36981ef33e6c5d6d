package io.virttune.bench;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.process.ProcessRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * fio on the host with the guest's profiles, on a scratch file or a scratch block device (an LV):
 * the ceiling the guest is measured against. A file it creates is removed afterwards.
 */
public final class HostCeiling {
    private final ProcessRunner runner;
    private final HostScratchDevice devices;

    /** {@code devices}: what decides whether a block device given as the target may be overwritten. */
    public HostCeiling(ProcessRunner runner, HostScratchDevice devices) {
        this.runner = runner;
        this.devices = devices;
    }

    /** Before anything runs: a block device as the target must be one nothing on the host claims. */
    public void requireSafe(String target) {
        Path path = Path.of(target);
        if (Files.exists(path) && !Files.isRegularFile(path) && !Files.isDirectory(path)) {
            devices.requireUnclaimed(target);
        }
    }

    /** The argv: {@code env VT_...=... fio OPTIONS JOBFILE}, so no shell is involved. */
    static List<String> argv(FioRun run, Path jobFile) {
        List<String> argv = new ArrayList<>(List.of("env"));
        argv.addAll(run.environment());
        argv.add("fio");
        argv.addAll(run.arguments(jobFile.toString()));
        return argv;
    }

    /** The same profiles and runs as in the guest, on the host's {@code target}; a file it created is removed. */
    public List<ProfileResult> run(ProfileRuns runs, String target) {
        Path targetPath = Path.of(target);
        boolean created = !Files.exists(targetPath);
        Path jobFile = null;
        try {
            jobFile = Files.createTempFile("virt-tune-bench-", ".fio");
            Files.writeString(jobFile, runs.jobFileText());
            Path written = jobFile;
            return runs.run(
                    run -> FioReport.parse(
                            runner.run(argv(run.withTarget(target), written))
                                    .requireSuccess()
                                    .stdout(),
                            "on the host (" + target + ")"),
                    "host");
        } catch (IOException e) {
            throw VirtTuneException.failed(
                    "cannot write fio's job file for the host ceiling: " + IoErrors.reason(e), e);
        } finally {
            delete(jobFile);
            if (created) {
                delete(targetPath);
            }
        }
    }

    private static void delete(Path file) {
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw IoErrors.failed("remove", file, e);
        }
    }
}

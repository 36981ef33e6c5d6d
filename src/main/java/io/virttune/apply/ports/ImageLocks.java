package io.virttune.apply.ports;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import io.virttune.qemu.QemuPaths;
import java.util.List;
import java.util.Optional;

/**
 * Asks QEMU's own image locking whether a process has an image open.
 */
public final class ImageLocks {
    private final ProcessRunner runner;

    public ImageLocks(ProcessRunner runner) {
        this.runner = runner;
    }

    /** Why the image cannot be used now, or empty when it is free. */
    public Optional<String> holder(String path) {
        ProcessResult result = runner.run(List.of("qemu-io", "-f", "raw", "-c", "quit", QemuPaths.safe(path)));
        if (result.succeeded()) {
            return Optional.empty();
        }
        String error = result.stderr().strip();
        return Optional.of(
                error.contains("lock")
                        ? "image " + path + " is in use by another process (" + error + ")"
                        : "image " + path + " cannot be opened: " + error);
    }
}

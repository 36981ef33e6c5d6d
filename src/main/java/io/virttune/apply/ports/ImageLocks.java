package io.virttune.apply.ports;

import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import io.virttune.qemu.QemuPaths;
import java.util.List;
import java.util.Optional;

/**
 * Asks QEMU's own image locking whether a process has an image open: {@code qemu-io} opens the
 * file for writing, which a running QEMU refuses for every image it holds, whether the guest
 * writes to it or reads it as a backing file.
 *
 * <p>Why not {@code qemu-img info} without {@code -U}: a raw reader shares writes, so {@code
 * qemu-img info -f raw} succeeds on the raw disk of a running guest (measured with QEMU 7.2; it
 * only refused a qcow2, and without {@code -f} it probed the format from what the guest wrote).
 * The file is opened as {@code raw}, whatever it holds: nothing inside it is read, so no backing
 * or data file it names is opened, and nothing is written ({@code -c quit}).
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

package io.virttune.apply.ports;

import io.virttune.VirtTuneException;
import io.virttune.qemu.QemuPaths;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Holds an image with QEMU's own image lock: a {@code qemu-io} kept open on it for writing, in
 * interactive mode, takes the lock a starting guest needs (QEMU refuses to open a disk whose
 * writes another process may make), and fails to open the image a running guest holds.
 *
 * <p>The file is opened as {@code raw}, whatever it holds: nothing inside it is read or written, so
 * no backing or data file is opened and no qcow2 header is rewritten. A writable {@code qemu-io}
 * shares writes, so another qemu-io (the in-use check) still opens it; {@code qemu-img convert}
 * and {@code compare} without {@code -U} do not, which is why the hold is taken after the copies.
 * It runs under {@code setpriv --pdeathsig KILL}: it dies with the thread that started it.
 */
public final class QemuIoHolds implements ImageHolds {
    private static final String PROMPT = "qemu-io> ";

    @Override
    public Hold hold(String path, String domain) {
        List<String> argv =
                List.of("setpriv", "--pdeathsig", "KILL", "--", "qemu-io", "-f", "raw", QemuPaths.safe(path));
        Process process;
        try {
            process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw VirtTuneException.failed(
                    "cannot run qemu-io to hold " + path + " of '" + domain + "': " + e.getMessage(), e);
        }
        String output = untilPrompt(process.getInputStream());
        if (!output.endsWith(PROMPT)) {
            waitFor(process);
            throw VirtTuneException.refused(
                    "image " + path + " of '" + domain + "' is in use by another process (" + output.strip()
                            + "): the guest may have been started; nothing was defined; shut it down and apply --resume");
        }
        return () -> release(process);
    }

    /** What qemu-io printed until its prompt (the image is open and locked), or until it exited. */
    private static String untilPrompt(InputStream stdout) {
        StringBuilder text = new StringBuilder();
        try {
            for (int c = stdout.read(); c >= 0; c = stdout.read()) {
                text.append((char) c);
                if (text.toString().endsWith(PROMPT)) {
                    break;
                }
            }
        } catch (IOException e) {
            text.append(e.getMessage());
        }
        return new String(text.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    private static void release(Process process) {
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write("quit\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // It exited already: the lock is gone with it.
        }
        waitFor(process);
    }

    private static void waitFor(Process process) {
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}

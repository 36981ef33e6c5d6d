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
 * Holds an image with QEMU's own image lock, through a {@code qemu-io} kept open on it for writing.
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

package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.libvirt.LiveDomains;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Waits for the guest agent of the lab's test guest, which answers 25-60 s after the start under TCG. */
public final class LabAgent {
    private static final long TIMEOUT_SECONDS = 300;

    private LabAgent() {}

    /** Returns once the domain's agent answers guest-ping; fails with the guest's console after 300 s. */
    public static void awaitAnswer(LiveDomains live, String domain, Path console) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (true) {
            try {
                live.qemuAgentCommand(domain, "{\"execute\":\"guest-ping\"}", 5);
                return;
            } catch (RuntimeException notYet) {
                if (System.nanoTime() > deadline) {
                    fail("the agent of " + domain + " did not answer within " + TIMEOUT_SECONDS + " s: "
                            + notYet.getMessage() + "\n" + read(console));
                }
                pause();
            }
        }
    }

    private static String read(Path console) {
        try {
            return Files.readString(console);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

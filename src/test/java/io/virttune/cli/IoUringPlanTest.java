package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An operator's io='io_uring' is overridden only with the reason said, in plan's text as in inspect's. */
class IoUringPlanTest {
    @TempDir
    Path temp;

    @Test
    void planSaysWhyItRewritesIoUring() throws IOException {
        Path xml = Files.writeString(
                temp.resolve("db1.xml"),
                Files.readString(Path.of("src/test/resources/xml/linux-iothread-queues.xml"))
                        .replace("io='native'", "io='io_uring'"));

        Cli plan = Cli.run("plan", "--from-xml", xml.toString(), "--vg", "vg0");

        assertTrue(
                plan.out().contains("io io_uring -> native (io_uring stays only on LVM thin volumes and files"),
                plan.transcript());
    }
}

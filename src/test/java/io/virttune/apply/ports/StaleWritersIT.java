package io.virttune.apply.ports;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A block device is matched by its device number: a writer that opened it through one node is
 * found through another (an LV is /dev/VG/LV, /dev/mapper/VG-LV and /dev/dm-N). Needs root, for
 * the loop device.
 */
class StaleWritersIT {
    private final ProcessRunner runner = new LocalProcessRunner();

    @TempDir
    Path temp;

    @Test
    void findsTheWriterOfABlockDeviceThroughAnotherNode() throws Exception {
        Path backing = Files.write(temp.resolve("pv.img"), new byte[1 << 20]);
        String device = runner.run(List.of("losetup", "--find", "--show", backing.toString()))
                .requireSuccess()
                .stdout()
                .strip();
        Path node = temp.resolve("other-node");
        Process writer = null;
        try {
            String[] numbers = Files.readString(Path.of(
                            "/sys/class/block", Path.of(device).getFileName().toString(), "dev"))
                    .strip()
                    .split(":");
            runner.run(List.of("mknod", node.toString(), "b", numbers[0], numbers[1]))
                    .requireSuccess();
            writer = new ProcessBuilder("sh", "-c", "exec 3>" + device + "; exec sleep 300").start();
            for (int i = 0; i < 500 && new StaleWriters().of(node.toString()).isEmpty(); i++) {
                Thread.sleep(10);
            }

            assertEquals(
                    List.of(new StaleWriters.Writer(writer.pid(), "sleep 300")),
                    new StaleWriters().of(node.toString()));
        } finally {
            if (writer != null) {
                writer.destroyForcibly();
                writer.waitFor(10, TimeUnit.SECONDS);
            }
            runner.run(List.of("losetup", "--detach", device)).requireSuccess();
        }
    }
}

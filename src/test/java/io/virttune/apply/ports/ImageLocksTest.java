package io.virttune.apply.ports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.process.ScriptedProcessRunner;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ImageLocksTest {
    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    private final ImageLocks locks = new ImageLocks(runner);

    @Test
    void opensTheFileAsRawBytesForWritingWithoutReadingAnythingItNames() {
        runner.succeed("");

        assertEquals(Optional.empty(), locks.holder("/var/lib/libvirt/images/web01.qcow2"));
        assertEquals(
                List.of(List.of("qemu-io", "-f", "raw", "-c", "quit", "/var/lib/libvirt/images/web01.qcow2")),
                runner.commands());
    }

    @Test
    void aRunningGuestsLockNamesTheImageAsInUse() {
        runner.fail(1, Fixtures.read(getClass(), "qemu-io-locked.stderr"));

        String holder = locks.holder("/tmp/lk.raw").orElseThrow();
        assertTrue(holder.startsWith("image /tmp/lk.raw is in use by another process"), holder);
    }

    @Test
    void anImageThatCannotBeOpenedIsNotCalledFree() {
        runner.fail(1, Fixtures.read(getClass(), "qemu-io-missing.stderr"));

        String holder = locks.holder("/tmp/nonexist.raw").orElseThrow();
        assertTrue(holder.startsWith("image /tmp/nonexist.raw cannot be opened: "), holder);
    }

    @Test
    void aRelativeNameIsNotReadAsAnOptionOrProtocol() {
        runner.succeed("");

        locks.holder("-U:x.qcow2");
        assertEquals("./-U:x.qcow2", runner.commands().get(0).get(5));
    }
}

package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunMode;
import io.virttune.lvm.VolumeName;
import io.virttune.process.RunningChildren;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An LV that lives only as long as the work on it: removed when closed, and by a shutdown hook
 * when a SIGTERM or SIGINT stops virt-tune first (a SIGKILL leaves it, tagged for the next run).
 */
final class TemporaryVolume implements AutoCloseable {
    /** How long the commands still using the LV get to stop, on a signal, before it is removed. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final LvmPorts lvm;
    private final RunMode mode;
    private final PrintWriter log;
    private final VolumeName name;
    private final AtomicBoolean removed = new AtomicBoolean();
    private final Thread onSignal;

    private TemporaryVolume(LvmPorts lvm, RunMode mode, VolumeName name, PrintWriter log) {
        this.lvm = lvm;
        this.mode = mode;
        this.log = log;
        this.name = name;
        this.onSignal = new Thread(
                () -> {
                    // The commands writing it keep it open, and lvm refuses to remove an open LV.
                    RunningChildren.stopAll(STOP_GRACE);
                    remove();
                },
                "remove-" + name.lv());
        if (mode.changesHost()) {
            Runtime.getRuntime().addShutdownHook(onSignal);
        }
    }

    /**
     * Runs {@code create}, which makes the LV {@code name}; removes it on a signal from then on. A
     * removal that fails is said on {@code log}, with what to do: it never hides what the work did.
     */
    static TemporaryVolume create(LvmPorts lvm, RunMode mode, VolumeName name, PrintWriter log, Runnable create) {
        TemporaryVolume volume = new TemporaryVolume(lvm, mode, name, log);
        try {
            create.run();
        } catch (RuntimeException failed) {
            volume.unhook();
            throw failed;
        }
        return volume;
    }

    @Override
    public void close() {
        unhook();
        remove();
    }

    private void unhook() {
        try {
            Runtime.getRuntime().removeShutdownHook(onSignal);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or about to: it removes the LV itself.
        }
    }

    /**
     * Removes the LV once; a dry run's was never created, and its log said it would be removed.
     * Synchronized: on a signal the work's own close and the hook both come here, and the hook must
     * not return (and the JVM halt) while the other is still removing the LV.
     */
    private synchronized void remove() {
        if (removed.compareAndSet(false, true) && mode.changesHost()) {
            try {
                lvm.actions().remove(name.vg(), name.lv());
            } catch (VirtTuneException failed) {
                log.println("Could not remove the calibration's temporary LV " + name + ": " + failed.getMessage()
                        + "; the next calibrate of " + name.vg() + " removes it, or: lvremove " + name);
                log.flush();
            }
        }
    }
}

package io.virttune.apply.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.PivotPauses;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.ports.BlockJobsSource;
import io.virttune.apply.ports.CopyTimings;
import io.virttune.apply.ports.RunMode;
import io.virttune.apply.ports.RunPorts;
import io.virttune.blockjob.BlockJobs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pivot's pause whose resume finds libvirtd gone, seen from the failures it leaves. */
class PivotPauseTest {
    private static final VirtTuneException LOST =
            VirtTuneException.failed("cannot read the state of domain 'g1': Cannot write data: Broken pipe");

    @TempDir
    Path state;

    /** libvirtd never answers a new connection: the wait for it goes on until it is interrupted. */
    private static final BlockJobsSource LIBVIRTD_AWAY = new BlockJobsSource() {
        @Override
        public <T> T with(String domain, Function<BlockJobs, T> action) {
            throw VirtTuneException.failed("cannot connect to qemu:///system: Failed to connect socket to"
                    + " '/var/run/libvirt/libvirt-sock': No such file or directory");
        }

        @Override
        public CopyTimings timings() {
            return new CopyTimings(Duration.ZERO, Duration.ZERO, Duration.ZERO);
        }
    };

    /**
     * The interrupted wait names the guest it leaves paused and what resumes it, and keeps the
     * libvirt error that started it, which its message does not name.
     */
    @Test
    void anInterruptedWaitForLibvirtdSaysTheGuestIsLeftPausedAndKeepsTheErrorThatStartedIt() {
        BlockJobs jobs = mock(BlockJobs.class);
        // Running before the pause; gone with libvirtd when the resume asks whether it is paused still.
        when(jobs.pausedFor()).thenReturn(Optional.empty()).thenThrow(LOST);
        VirtTuneException pivotFailed = VirtTuneException.failed("the pivot failed: libvirtd went away");
        PivotPause pause = new PivotPause(
                jobs,
                LIBVIRTD_AWAY,
                new RunPorts(new StateDirectory(state), Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), RunMode.EXECUTE),
                new PrintWriter(new StringWriter()));

        VirtTuneException thrown;
        try {
            thrown = assertThrows(
                    VirtTuneException.class,
                    () -> pause.around(journal(), saved -> {}, PivotPauses.Target.LINEAR, () -> {}, parts -> {
                        Thread.currentThread().interrupt();
                        throw pivotFailed;
                    }));
        } finally {
            Thread.interrupted();
        }

        assertSame(pivotFailed, thrown);
        Throwable interrupted = thrown.getSuppressed()[0];
        assertEquals(
                "interrupted while waiting for libvirtd to answer again; the guest 'g1' is left paused: apply"
                        + " --resume or rollback resumes it",
                interrupted.getMessage());
        assertEquals(List.of(LOST), List.of(interrupted.getSuppressed()));
    }

    private static DomainJournal journal() {
        return DomainJournal.start("g1", "uuid-g1", "t", "fingerprint", "digest", "/b.xml", List.of(), List.of());
    }
}

package io.virttune.apply.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.host.PrefetchedFileSystem;
import io.virttune.process.CountingProcessRunner;
import io.virttune.process.FakeSsh;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.SshProcessRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A host's state directory read through its door: what plan predicts a fleet host by. */
class StateFilesTest {
    private static final int DOMAINS = 12;

    /**
     * The fake ssh "host" is this machine. However many domains a host journaled, its state is one
     * command: a fleet of hosts with hundreds of domains each is not hundreds of round trips each.
     */
    @Test
    void aHostsJournalsAndCalibrationsAreReadInOneCommand(@TempDir Path dir) throws IOException {
        // A space and a quote in the path: the one command must name the directory as given.
        Path root = dir.resolve("state dir's");
        StateDirectory kept = new StateDirectory(root);
        IntStream.rangeClosed(1, DOMAINS).forEach(i -> kept.save(journal("web" + i)));
        Calibration calibration = new Calibration(
                "vg_fast",
                null,
                "/dev/vg_fast/c",
                1L << 30,
                200L << 20,
                1L << 30,
                300L << 20,
                0,
                0,
                "2026-12-01T21:00:00Z",
                null);
        kept.save(calibration);
        CountingProcessRunner ssh = new CountingProcessRunner(new SshProcessRunner(
                FakeSsh.install(dir).toString(), "hv02", List.of(), dir, new LocalProcessRunner()));

        StateFiles state = new StateFiles(
                new PrefetchedFileSystem(ssh, "hv02"), root.toString().substring(1));
        List<DomainJournal> journals = state.journals();

        assertEquals(kept.journals(), journals);
        assertEquals(DOMAINS, journals.size());
        assertEquals(calibration, state.calibration("vg_fast", null).orElseThrow());
        assertEquals(1, ssh.commands().size(), ssh.commands().toString());
        assertTrue(state.calibration("vg_slow", null).isEmpty(), "one not kept is none, known from the same command");
        assertEquals(1, ssh.commands().size(), ssh.commands().toString());
    }

    private static DomainJournal journal(String domain) {
        return DomainJournal.start(
                        domain, "uuid-" + domain, "2026-12-03T22:00:00Z", "f", "d", null, List.of(), List.of())
                .with(new JournalEntry(
                        2, "convert-image", JournalEntry.StepState.DONE, "2026-12-03T22:10:00Z", "copied"));
    }
}

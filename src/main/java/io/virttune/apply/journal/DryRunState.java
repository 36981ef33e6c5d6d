package io.virttune.apply.journal;

import java.nio.file.Path;
import java.time.Instant;

/**
 * A dry run's state directory: it reads the real one (journals of earlier applies decide what a
 * run would do) and writes nothing; the paths it names are the ones a real run would write.
 */
public final class DryRunState extends StateDirectory {
    public DryRunState(Path root) {
        super(root);
    }

    /**
     * A dry run writes nothing, so it keeps no one out (and creates no directory); but it refuses,
     * as the real run would, while another virt-tune holds the domain.
     */
    @Override
    public Held lock(String uuid, String name, String now) {
        DomainLock.requireFree(lockFile(uuid), name);
        return () -> {};
    }

    /**
     * A dry run's copies hold room among themselves, beside what the applies running on the host hold:
     * it checks as a real run would and writes nothing.
     */
    @Override
    public PoolRoomLedger poolRoom() {
        return PoolRoomLedger.overReadOnly(root());
    }

    @Override
    public void save(DomainJournal journal) {}

    @Override
    public void save(PoolJournal journal) {}

    @Override
    public void save(Calibration calibration) {}

    @Override
    public Path archive(String uuid, Instant now) {
        return Path.of("the completed journal");
    }

    @Override
    public void reinstate(DomainJournal current, Path archived, Instant now) {}

    @Override
    public Path backup(String uuid, String xml, Instant now) {
        return root().resolve("domains").resolve(uuid).resolve("original-TIME.xml");
    }
}

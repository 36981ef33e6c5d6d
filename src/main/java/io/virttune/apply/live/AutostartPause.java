package io.virttune.apply.live;

import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.ports.RunMode;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LiveDomain;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A domain's autostart is turned off while apply changes it (libvirtd starting at a reboot would
 * boot the guest on images being copied) and on again afterwards, also on failure. Both are
 * journaled, the first before it happens, so a resume or a rollback turns it on again.
 */
public final class AutostartPause {
    public static final String KIND = "Autostart";
    public static final String TURNED_OFF = "was on: turned off while applying";
    public static final String TURNED_ON = "turned on again";
    /** Journal entries of the domain as a whole, not of a step, are journaled under this index. */
    public static final int DOMAIN = -1;

    private AutostartPause() {}

    /** True when virt-tune turned autostart off and has not yet turned it on again. */
    public static boolean pending(DomainJournal journal) {
        return journal.lastDetailOf(KIND).filter(TURNED_OFF::equals).isPresent();
    }

    /** Turns autostart off if it is on, journaled first through {@code save}. */
    public static void pause(
            DomainDefinitions definitions, DomainJournal journal, String at, Consumer<DomainJournal> save) {
        if (!pending(journal) && definitions.autostart(journal.domain())) {
            save.accept(journal.with(entry(TURNED_OFF, at)));
            definitions.autostart(journal.domain(), false);
        }
    }

    /**
     * Turns autostart on again if virt-tune turned it off; a failure is only said, and stays
     * journaled for the next resume or rollback, so that it does not hide what failed before.
     *
     * @return the journal, with the autostart turned on again if it was
     */
    public static DomainJournal restore(
            DomainDefinitions definitions, DomainJournal journal, String at, PrintWriter log, RunMode mode) {
        if (!pending(journal)) {
            return journal;
        }
        Optional<String> lostWrites = bootWouldLoseWrites(definitions, journal.domain());
        if (lostWrites.isPresent()) {
            log.println("autostart stays off: " + lostWrites.get() + "; a boot would start the guest without the writes"
                    + " it made since (apply --resume defines the disk it runs on)");
            return journal;
        }
        try {
            definitions.autostart(journal.domain(), true);
            log.println(mode.says("autostart turned on again", "autostart would be turned on again"));
            return journal.with(entry(TURNED_ON, at));
        } catch (RuntimeException e) {
            log.println("autostart could not be turned on again: " + e.getMessage());
            return journal;
        }
    }

    /** A disk the running guest runs on while its persistent definition names another store, in words. */
    private static Optional<String> bootWouldLoseWrites(DomainDefinitions definitions, String domain) {
        Optional<String> live = definitions.liveXml(domain);
        Optional<LiveDomain> persistent = definitions.find(domain);
        if (live.isEmpty() || persistent.isEmpty()) {
            return Optional.empty();
        }
        List<DiskView> persistentDisks =
                DomainXml.parse(persistent.get().inactiveXml(), domain).disks();
        for (DiskView running : DomainXml.parse(live.get(), domain).disks()) {
            Optional<String> named = persistentDisks.stream()
                    .filter(disk -> disk.targetDev().equals(running.targetDev()))
                    .findFirst()
                    .flatMap(DiskView::sourcePath);
            if (named.isPresent() && running.sourcePath().isPresent() && !named.equals(running.sourcePath())) {
                return Optional.of("disk " + running.targetDev() + " of '" + domain + "' runs on "
                        + running.sourcePath().get() + " while its persistent definition names " + named.get());
            }
        }
        return Optional.empty();
    }

    private static JournalEntry entry(String detail, String at) {
        return new JournalEntry(DOMAIN, KIND, JournalEntry.StepState.DONE, at, detail);
    }
}

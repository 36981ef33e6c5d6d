package io.virttune.apply.guards;

import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.JournalEntry.StepState;
import io.virttune.apply.journal.PoolJournal;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.live.AutostartPause;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.plan.BackupDefinition;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Fingerprints;
import io.virttune.plan.Step;
import io.virttune.xml.DomainXml;

/**
 * Whether a failed apply of one domain left the host as it found it: no step done but the backup, no LV of its
 * own, no thin pool that counts the domain as a user, autostart as it was, and the definition
 * still the one planned from. Then nothing is left to resume or roll back.
 */
public record UnchangedHost(StateDirectory state, DomainPlan domain, DomainDefinitions definitions) {

    public boolean holds(DomainJournal journal) {
        // A backup is virt-tune's own file, not a change to the host.
        boolean stepDone = journal.entries().stream()
                .anyMatch(entry -> entry.step() != AutostartPause.DOMAIN
                        && entry.state() == StepState.DONE
                        && !entry.kind().equals(Step.kindOf(BackupDefinition.class)));
        return !stepDone
                && journal.ownVolumes().isEmpty()
                && !AutostartPause.pending(journal)
                && (journal.earlierJournal() != null || noPoolCounts(journal.uuid()))
                && definitionAsPlanned();
    }

    /** A first apply that created or joined a pool is that pool's user until it is rolled back. */
    private boolean noPoolCounts(String domainUuid) {
        return state.poolJournals().stream()
                .noneMatch(pool -> pool.status() != PoolJournal.Status.REMOVED
                        && pool.users().contains(domainUuid));
    }

    /** A define libvirt refused, or one undone right after, leaves the definition planned from. */
    private boolean definitionAsPlanned() {
        return definitions
                .find(domain.name())
                .map(live -> Fingerprints.of(DomainXml.parse(live.inactiveXml(), "domain " + live.name())
                        .toXml()))
                .filter(domain.fingerprint()::equals)
                .isPresent();
    }
}

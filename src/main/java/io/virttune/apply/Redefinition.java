package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.CustodyReads;
import io.virttune.apply.guards.DefinitionCheck;
import io.virttune.apply.journal.JournalEntry.StepState;
import io.virttune.apply.live.PivotedDisks;
import io.virttune.apply.ports.ImagePorts;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LiveDomain;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.DefineDomain;
import io.virttune.plan.DiskPlan;
import io.virttune.plan.DomainPlan;
import io.virttune.xml.DefinitionTransplant;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A domain's define step: the planned changes carried onto the definition read with secrets,
 * defined, read back and checked; and whether a definition in place already is the new one, as an
 * interrupted run may have left it.
 */
final class Redefinition {
    private final ImagePorts images;
    private final DomainPlan domain;
    private final PrintWriter log;

    /** {@code images} read the stores a running guest's definition names, backing chains followed. */
    Redefinition(ImagePorts images, DomainPlan domain, PrintWriter log) {
        this.images = images;
        this.domain = domain;
        this.log = log;
    }

    /** True when the domain's definition has every planned setting: the new one is in place. */
    boolean inPlace(LiveDomain live) {
        return DefinitionCheck.lost(domain.newXml(), live.inactiveXml()).isEmpty();
    }

    /**
     * After a crash right after define, the guest may have booted on its LVs and written there:
     * once the definition points at them, they are the truth, and comparing them with the old
     * images again would only advise destroying that data. The define step is marked done then,
     * and its index returned: the steps after it (a read-ahead, a temporary LV's removal) still run.
     */
    OptionalInt definedByTheInterruptedRun(MigrationJournal journal, LiveDomain live) {
        int define = -1;
        for (int i = 0; i < domain.steps().size(); i++) {
            define = domain.steps().get(i) instanceof DefineDomain ? i : define;
        }
        if (define < 0 || journal.current().stateOf(define).isEmpty() || !inPlace(live)) {
            return OptionalInt.empty();
        }
        log.println("the new definition is in place: the interrupted run defined it");
        journal.mark(define, domain.steps().get(define), StepState.DONE, "found in place on resume");
        return OptionalInt.of(define);
    }

    /**
     * Defines the new definition, unless the domain changed or started since the copies; {@code
     * verifyStale} compares each copy an earlier, interrupted run made again first.
     */
    void define(DomainDefinitions definitions, Consumer<ConvertImage> verifyStale) {
        LiveDomain live = definitions
                .find(domain.name())
                .orElseThrow(() -> VirtTuneException.refused(
                        "domain '" + domain.name() + "' disappeared before its new definition could be defined"));
        // A live plan's pivots changed the definition already, each disk onto its LV: the plan's own change.
        if (!PivotedDisks.asPlanned(live.inactiveXml(), domain)) {
            // First: once defined, the LVs are the truth, and the copies are not compared again.
            if (inPlace(live)) {
                log.println("  already defined by the interrupted run");
                return;
            }
            throw VirtTuneException.refused("the definition of '" + domain.name() + "' changed while apply ran;"
                    + " nothing was defined; plan again");
        }
        List<ConvertImage> copies = domain.steps().stream()
                .filter(step -> step instanceof ConvertImage)
                .map(step -> (ConvertImage) step)
                .toList();
        requireShutOff(live, copies);
        copies.forEach(verifyStale);
        // A disk left alone keeps its current element, unless its target now names a changed disk.
        Set<String> changedTargets = domain.disks().stream()
                .filter(disk -> !disk.action().equals("leave") && !disk.action().equals("remove"))
                .map(DiskPlan::newTarget)
                .collect(Collectors.toSet());
        Set<String> untouched = domain.disks().stream()
                .filter(disk -> disk.action().equals("leave"))
                .map(DiskPlan::target)
                .filter(target -> !changedTargets.contains(target))
                .collect(Collectors.toSet());
        String merged = DefinitionTransplant.apply(
                live.secureInactiveXml(), domain.newXml(), "domain " + domain.name(), untouched);
        // The caller holds the source images (SourceHolds) across these reads and the define: a guest
        // started in between would run on them while its persistent definition names the LVs.
        requireShutOff(definitions.find(domain.name()).orElse(live), copies);
        definitions.define(merged);
        Optional<LiveDomain> after = definitions.find(domain.name());
        if (after.isPresent() && !copies.isEmpty() && !after.get().state().isShutOff()) {
            // Read, not assumed: the sources are held, so a guest started now runs on the LVs.
            List<String> runsOn = definitions
                    .liveXml(domain.name())
                    .map(xml -> CustodyReads.sourcesOf(images, xml, definitions))
                    .orElse(List.of());
            if (copies.stream().anyMatch(copy -> runsOn.contains(copy.source()))) {
                definitions.define(live.secureInactiveXml());
                throw VirtTuneException.failed(
                        "'" + domain.name() + "' was started while it was being defined: it runs on"
                                + " its old images (rule: a guest runs on the disks its definition names); the definition it had"
                                + " before was restored; shut it down and apply --resume");
            }
            log.println("  '" + domain.name() + "' was started right after its define: it runs on its LVs "
                    + runsOn.stream()
                            .filter(store -> copies.stream()
                                    .anyMatch(copy -> copy.target().equals(store)))
                            .toList()
                    + ", which are its disks from now on");
        }
        String readBack = after.map(LiveDomain::inactiveXml).orElse("");
        List<String> lost =
                readBack.isEmpty() ? List.of("the domain vanished") : DefinitionCheck.lost(domain.newXml(), readBack);
        if (!lost.isEmpty()) {
            definitions.define(live.secureInactiveXml());
            throw VirtTuneException.failed("libvirt did not keep the new definition of '" + domain.name() + "' ("
                    + String.join("; ", lost) + "); the definition it had before was restored");
        }
    }

    /** Data moved: a guest running now may have written its images since they were copied. */
    private void requireShutOff(LiveDomain live, List<ConvertImage> copies) {
        if (!copies.isEmpty() && !live.state().isShutOff()) {
            throw VirtTuneException.refused("'" + domain.name() + "' was started while apply ran: its images may"
                    + " have changed since they were copied; nothing was defined; shut it down and apply --resume");
        }
    }
}

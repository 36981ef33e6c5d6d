package io.virttune.apply.live;

import io.virttune.VirtTuneException;
import io.virttune.apply.ports.RunMode;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.MirrorState;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LiveDomain;
import io.virttune.plan.CopyLive;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.function.Function;

/**
 * After a pivot the persistent definition names the LV the guest runs on: libvirt rewrites it on
 * the pivot (9.0 does), and where it did not, virt-tune defines the LV in it at once, so that no
 * cold boot (an autostart, an HA agent) starts the guest on its source without its writes since.
 */
record PersistentOnLv(
        Function<PrintWriter, DomainDefinitions> definitions, RunMode mode, String domain, PrintWriter log) {

    /** {@code resumed}: a resume whose define step, still to come, names the LV. */
    void ensure(BlockJobs jobs, CopyLive step, boolean resumed) {
        Optional<String> persistent = MirrorState.sourceOf(jobs.inactiveXml(), domain, step.disk());
        if (persistent.equals(Optional.of(step.device()))) {
            return;
        }
        if (resumed && persistent.equals(Optional.of(step.source()))) {
            log.println("  the persistent definition still names " + step.source() + ": the define step names "
                    + step.device());
            return;
        }
        log.println("  the persistent definition names " + persistent.orElse("no source")
                + " after the pivot: defining " + step.device() + " in it now, as the disk the guest runs on");
        try (DomainDefinitions definitions = this.definitions.apply(log)) {
            LiveDomain live =
                    definitions.find(domain).orElseThrow(() -> VirtTuneException.failed("the domain vanished"));
            DomainXml xml = DomainXml.parse(live.secureInactiveXml(), "domain " + domain);
            DiskView disk = xml.disks().stream()
                    .filter(view -> view.targetDev().equals(step.disk()))
                    .findFirst()
                    .orElseThrow(
                            () -> VirtTuneException.failed("its persistent definition has no disk " + step.disk()));
            disk.setBlockSource(step.device());
            disk.setDriverFormat("raw");
            definitions.define(xml.toXml());
            Optional<String> readBack = definitions
                    .find(domain)
                    .flatMap(after -> MirrorState.sourceOf(after.inactiveXml(), domain, step.disk()));
            if (!readBack.equals(Optional.of(step.device())) && mode.changesHost()) {
                throw VirtTuneException.failed("libvirt kept " + readBack.orElse("no source"));
            }
        } catch (VirtTuneException e) {
            throw VirtTuneException.failed("disk " + step.disk() + " of '" + domain + "' runs on " + step.device()
                    + " since the pivot, but its persistent definition names " + persistent.orElse("no source")
                    + " and could not be changed (" + e.getMessage()
                    + "; rule: the persistent definition names the disk"
                    + " the guest runs on); autostart stays off: a cold boot now would start it on the old image without its"
                    + " writes since; keep it running and apply --resume, whose define names " + step.device());
        }
    }
}

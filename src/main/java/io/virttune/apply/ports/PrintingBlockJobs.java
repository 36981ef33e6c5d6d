package io.virttune.apply.ports;

import io.virttune.blockjob.BlockCopySettings;
import io.virttune.blockjob.BlockJobProgress;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.PauseReason;
import io.virttune.libvirt.DiskWrites;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.jdom2.Element;

/**
 * A dry run's block jobs: it reads the real domain, prints each copy, pivot and abort it would
 * make, and changes nothing.
 */
final class PrintingBlockJobs implements BlockJobs {
    private final BlockJobs real;
    private final Consumer<String> log;
    private final Map<String, String> copying = new HashMap<>();
    private final Map<String, String> pivoted = new HashMap<>();
    /** The real jobs it would have aborted: read as ended from then on, as they would be. */
    private final Set<String> aborted = new HashSet<>();

    PrintingBlockJobs(BlockJobs real, Consumer<String> log) {
        this.real = real;
        this.log = log;
    }

    @Override
    public String domain() {
        return real.domain();
    }

    @Override
    public String libvirtVersion() {
        return real.libvirtVersion();
    }

    @Override
    public String hypervisorVersion() {
        return real.hypervisorVersion();
    }

    @Override
    public void copy(String disk, String destinationXml, BlockCopySettings settings) {
        log.accept("would start a block copy of disk " + disk + " of '" + domain() + "' onto " + destinationXml + " ("
                + settings + ")");
        // The destination is one disk element: read as a domain's only disk, by the parser every definition goes
        // through.
        aborted.remove(disk);
        copying.put(
                disk,
                DomainXml.parse("<domain><devices>" + destinationXml + "</devices></domain>", "the copy's destination")
                        .disks()
                        .get(0)
                        .sourcePath()
                        .orElseThrow());
    }

    @Override
    public Optional<BlockJobProgress> progress(String disk) {
        if (aborted.contains(disk)) {
            return Optional.empty();
        }
        return copying.containsKey(disk) ? Optional.of(new BlockJobProgress(1, 1)) : real.progress(disk);
    }

    @Override
    public void abort(String disk, boolean pivot) {
        log.accept(
                "would " + (pivot ? "pivot" : "abort") + " the block copy of disk " + disk + " of '" + domain() + "'");
        String device = copying.remove(disk);
        if (pivot && device != null) {
            pivoted.put(disk, device);
        } else if (!pivot && device == null) {
            aborted.add(disk);
        }
    }

    @Override
    public void setSpeed(String disk, long bytesPerSecond) {
        log.accept("would set the block copy of disk " + disk + " of '" + domain() + "' to " + bytesPerSecond
                + " bytes/s");
    }

    @Override
    public boolean running() {
        return real.running();
    }

    @Override
    public long capacityBytes(String disk) {
        return real.capacityBytes(disk);
    }

    @Override
    public DiskWrites writes(String disk) {
        return real.writes(disk);
    }

    @Override
    public Optional<PauseReason> pausedFor() {
        return real.pausedFor();
    }

    @Override
    public void pause() {
        log.accept("would pause '" + domain() + "'");
    }

    @Override
    public void resume() {
        log.accept("would resume '" + domain() + "'");
    }

    @Override
    public String liveXml() {
        DomainXml live = DomainXml.parse(real.liveXml(), "the live definition of '" + domain() + "'");
        for (DiskView disk : live.disks()) {
            String target = disk.targetDev();
            if (aborted.contains(target)) {
                disk.element().removeChild("mirror");
            }
            if (copying.containsKey(target)) {
                disk.element()
                        .addContent(new Element("mirror")
                                .setAttribute("type", "block")
                                .setAttribute("job", "copy")
                                .setAttribute("ready", "yes")
                                .addContent(new Element("source").setAttribute("dev", copying.get(target))));
            }
        }
        return pivotedIn(live);
    }

    @Override
    public String inactiveXml() {
        return pivotedIn(DomainXml.parse(real.inactiveXml(), "the persistent definition of '" + domain() + "'"));
    }

    private String pivotedIn(DomainXml definition) {
        definition.disks().stream()
                .filter(disk -> pivoted.containsKey(disk.targetDev()))
                .forEach(disk -> disk.setBlockSource(pivoted.get(disk.targetDev())));
        return definition.toXml();
    }
}

package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.blockjob.BlockCopySettings;
import io.virttune.blockjob.BlockJobProgress;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.PauseReason;
import io.virttune.libvirt.DomainState;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.Optional;
import org.jdom2.Element;

/**
 * Block jobs on a {@link ModelHost}'s running domain, as libvirt 9.0 runs them: a copy is in sync
 * at once and stays so (the guest's writes reach the copy too, {@link ModelHost#guestWrite}); a
 * pivot puts the live and the persistent definition on the copy; a copy ends with its guest.
 */
final class ModelBlockJobs implements BlockJobs {
    private final ModelHost host;
    private final String domain;

    ModelBlockJobs(ModelHost host, String domain) {
        this.host = host;
        this.domain = domain;
    }

    @Override
    public String domain() {
        return domain;
    }

    @Override
    public String libvirtVersion() {
        return "9.0.0";
    }

    @Override
    public String hypervisorVersion() {
        return "QEMU 7.2.0";
    }

    @Override
    public void copy(String disk, String destinationXml, BlockCopySettings settings) {
        host.jobCall();
        requireRunning("start a block copy of disk '" + disk + "' of");
        String destination = destinationXml.replaceAll("(?s).*<source dev='([^']+)'.*", "$1");
        if (host.mirrors.containsKey(key(disk))) {
            throw VirtTuneException.failed("block copy: disk '" + disk + "' already in active block job");
        }
        if (!host.exists(destination)) {
            throw VirtTuneException.failed("cannot open " + destination + ": No such file or directory");
        }
        host.mirrors.put(key(disk), destination);
        host.write(destination, host.content(source(host.libvirt.liveXmlOrNull(domain), disk)));
    }

    @Override
    public Optional<BlockJobProgress> progress(String disk) {
        requireRunning("read the block job of disk '" + disk + "' of");
        return host.mirrors.containsKey(key(disk)) ? Optional.of(new BlockJobProgress(1, 1)) : Optional.empty();
    }

    @Override
    public void setSpeed(String disk, long bytesPerSecond) {
        host.jobCall();
        requireRunning("set the speed of the block job of disk '" + disk + "' of");
    }

    @Override
    public void abort(String disk, boolean pivot) {
        host.jobCall();
        String destination = host.mirrors.remove(key(disk));
        if (destination == null) {
            throw VirtTuneException.failed("disk '" + disk + "' of domain '" + domain + "' has no active block job");
        }
        if (pivot) {
            host.libvirt.rewrite(
                    domain,
                    onCopy(host.libvirt.liveXmlOrNull(domain), disk, destination),
                    onCopy(host.libvirt.inactiveXml(domain), disk, destination));
        }
    }

    @Override
    public boolean running() {
        return host.libvirt.liveXmlOrNull(domain) != null;
    }

    @Override
    public long capacityBytes(String disk) {
        requireRunning("read the size of disk '" + disk + "' of");
        return ModelHost.DISK_BYTES;
    }

    @Override
    public io.virttune.libvirt.DiskWrites writes(String disk) {
        throw VirtTuneException.failed("cannot read the writes of disk " + disk + " of domain '" + domain
                + "': the model counts no guest writes");
    }

    @Override
    public Optional<PauseReason> pausedFor() {
        return host.libvirt.find(domain).orElseThrow().state() == DomainState.PAUSED
                ? Optional.of(PauseReason.USER)
                : Optional.empty();
    }

    @Override
    public void pause() {
        host.jobCall();
        host.libvirt.state(domain, DomainState.PAUSED);
    }

    @Override
    public void resume() {
        host.jobCall();
        host.libvirt.state(domain, DomainState.RUNNING);
    }

    @Override
    public String liveXml() {
        if (!running()) {
            return inactiveXml();
        }
        DomainXml live = DomainXml.parse(host.libvirt.liveXmlOrNull(domain), domain);
        for (DiskView disk : live.disks()) {
            String destination = host.mirrors.get(key(disk.targetDev()));
            if (destination != null) {
                Element mirror = new Element("mirror")
                        .setAttribute("type", "block")
                        .setAttribute("job", "copy")
                        .setAttribute("ready", "yes");
                mirror.addContent(new Element("format").setAttribute("type", "raw"));
                mirror.addContent(new Element("source").setAttribute("dev", destination));
                disk.element().addContent(mirror);
            }
        }
        return live.toXml();
    }

    @Override
    public String inactiveXml() {
        return host.libvirt.inactiveXml(domain);
    }

    private String key(String disk) {
        return domain + "/" + disk;
    }

    private void requireRunning(String what) {
        if (!running()) {
            throw VirtTuneException.failed("cannot " + what + " domain '" + domain
                    + "': Requested operation is not valid:" + " domain is not running");
        }
    }

    static String source(String xml, String disk) {
        return DomainXml.parse(xml, "model").disks().stream()
                .filter(view -> view.targetDev().equals(disk))
                .findFirst()
                .flatMap(DiskView::sourcePath)
                .orElseThrow();
    }

    /** {@code xml} with disk {@code disk} on the raw block device {@code device}, as a pivot leaves it. */
    private static String onCopy(String xml, String disk, String device) {
        DomainXml parsed = DomainXml.parse(xml, "model");
        parsed.disks().stream().filter(view -> view.targetDev().equals(disk)).forEach(view -> {
            view.setBlockSource(device);
            view.setDriverFormat("raw");
        });
        return parsed.toXml();
    }
}

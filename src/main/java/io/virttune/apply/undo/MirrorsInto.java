package io.virttune.apply.undo;

import io.virttune.VirtTuneException;
import io.virttune.apply.ports.BlockJobsSource;
import io.virttune.blockjob.BlockCopy;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.MirrorState;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdom2.Element;

/**
 * Ends, without a pivot, the block copies of running domains into one device (a calibration's
 * temporary LV): the guest stays on its source, which the copy never replaced, and the device is
 * free to remove; a job a SIGKILL left running would otherwise go on writing into it.
 */
public record MirrorsInto(BlockJobsSource blockJobs) {

    /** One disk of one running domain whose mirror copies into the device. */
    public record MirroredDisk(String domain, String disk) {}

    /** The disks whose {@code <mirror>} copies into {@code device}, as the live definitions among {@code definitions} show them. */
    public static List<MirroredDisk> of(List<String> definitions, String device) {
        List<MirroredDisk> found = new ArrayList<>();
        for (String xml : definitions) {
            DomainXml domain = DomainXml.parse(xml, "a domain's definition");
            for (DiskView disk : domain.disks()) {
                Optional.ofNullable(disk.element().getChild("mirror"))
                        .map(mirror -> mirror.getChild("source"))
                        .map(MirrorsInto::path)
                        .filter(device::equals)
                        .ifPresent(into -> found.add(new MirroredDisk(domain.name(), disk.targetDev())));
            }
        }
        return found;
    }

    /**
     * Aborts each of {@code mirrored}, copying into {@code device}; why the device must stay when one
     * could not be aborted, empty when none copies into it any more.
     */
    public Optional<String> abortAll(List<MirroredDisk> mirroredDisks, String device) {
        for (MirroredDisk mirrored : mirroredDisks) {
            try {
                abort(mirrored.domain(), mirrored.disk(), device);
            } catch (VirtTuneException failed) {
                return Optional.of("the block copy of disk " + mirrored.disk() + " of domain '" + mirrored.domain()
                        + "' into it could not be aborted (" + failed.getMessage() + "), and it writes there until it"
                        + " ends: virsh blockjob " + mirrored.domain() + " " + mirrored.disk()
                        + " --abort (never --pivot: the copy is no guest's disk), then run this again");
            }
        }
        return Optional.empty();
    }

    /**
     * Aborts the mirror of {@code disk} of {@code domain} if it still copies into {@code device}
     * (a stopped guest's ended with it); the guest runs on its source after it, or this fails.
     */
    public void abort(String domain, String disk, String device) {
        blockJobs.with(domain, jobs -> {
            abortOn(jobs, disk, device);
            return null;
        });
    }

    /** As {@link #abort}, through the domain's {@code jobs} already open. */
    public static void abortOn(BlockJobs jobs, String disk, String device) {
        String domain = jobs.domain();
        if (!jobs.running()) {
            return;
        }
        String live = jobs.liveXml();
        if (!MirrorState.destinationOf(live, domain, disk).equals(Optional.of(device))) {
            // No mirror into the device may also mean one pivoted onto it: then it is the guest's disk.
            requireNotPivotedOnto(jobs, disk, device);
            return;
        }
        Optional<String> source = MirrorState.sourceOf(live, domain, disk);
        new BlockCopy(jobs, disk).abort();
        Optional<String> after = MirrorState.sourceOf(jobs.liveXml(), domain, disk);
        if (!after.equals(source)) {
            throw VirtTuneException.failed("disk " + disk + " of domain '" + domain + "' runs on "
                    + after.orElse("no source") + " after the abort of its copy into " + device + ", not on its"
                    + " source " + source.orElse("(none)") + "; check the domain before anything else");
        }
    }

    /**
     * Fails, saying what to do, when {@code disk} of the running domain runs on {@code device}: a
     * pivot from outside virt-tune completed a calibration's copy, and the temporary LV must stay.
     */
    public static void requireNotPivotedOnto(BlockJobs jobs, String disk, String device) {
        String domain = jobs.domain();
        if (jobs.running() && MirrorState.sourceOf(jobs.liveXml(), domain, disk).equals(Optional.of(device))) {
            throw VirtTuneException.failed("disk " + disk + " of domain '" + domain + "' runs on " + device
                    + " now, a calibration's temporary LV: its block copy into it was pivoted (completed) from outside"
                    + " virt-tune, and the guest writes there; the LV is kept, as removing it would take the disk from"
                    + " under the guest: move the disk onto a lasting volume (virsh blockcopy " + domain + " " + disk
                    + " --dest NEW_DEVICE --blockdev --pivot), then remove the LV (lvremove " + device + ")");
        }
    }

    private static String path(Element source) {
        return Optional.ofNullable(source.getAttributeValue("dev")).orElse(source.getAttributeValue("file"));
    }
}

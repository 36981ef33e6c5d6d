package io.virttune.apply.guards;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.live.LiveChecks;
import io.virttune.apply.live.PivotedDisks;
import io.virttune.apply.ports.BlockJobsSource;
import io.virttune.apply.ports.ImagePorts;
import io.virttune.inspect.ImageFacts;
import io.virttune.libvirt.LiveDomain;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.Sizes;
import io.virttune.lvm.VolumeGroup;
import io.virttune.lvm.VolumeName;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DefineDomain;
import io.virttune.plan.DiskPlan;
import io.virttune.plan.DiskSteps;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Fingerprints;
import io.virttune.plan.SetReadAhead;
import io.virttune.plan.Step;
import io.virttune.qemu.QemuImg;
import io.virttune.text.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The checks before anything changes for a domain: the host still is what was planned for, the
 * domain is shut off when data moves, no process holds its images, the LVs' names are free and
 * their space is there. Each failed check is a reason naming the domain, the disk and the rule.
 */
public final class Preflight {
    private final ImagePorts images;
    private final LiveChecks liveChecks;
    private final SpaceCheck space;

    /** {@code qemuImg} reads the maps of images copied into thin pools, for the room they need. */
    public Preflight(ImagePorts images, BlockJobsSource blockJobs, QemuImg qemuImg, List<Step> hostSteps) {
        this.images = images;
        this.liveChecks = new LiveChecks(blockJobs);
        this.space = new SpaceCheck(qemuImg, hostSteps);
    }

    /** Reasons to refuse; empty when the domain may go ahead. */
    public List<String> check(DomainPlan plan, LiveDomain live, DomainJournal journal, LvmReport lvm) {
        List<String> reasons = new ArrayList<>();
        boolean defined = journal != null && definedByUs(plan, journal);
        if (!defined) {
            // The plan is stale for this domain alone: it is refused, the others go on.
            if (!PivotedDisks.asPlanned(live.inactiveXml(), plan)) {
                reasons.add("the definition of '" + plan.name() + "' changed since it was planned: "
                        + PivotedDisks.changes(live.inactiveXml(), plan) + "; plan again");
            }
        }
        if (!live.persistent()) {
            reasons.add("'" + plan.name() + "' is a transient domain (it has no persistent definition): defining its"
                    + " new XML would make it persistent, and it would run on its old disks until it stops; apply changes"
                    + " persistent domains only; define it first (virsh dumpxml, then virsh define), then plan again");
        }
        boolean movesData = plan.steps().stream().anyMatch(step -> step instanceof ConvertImage);
        if (movesData && !live.state().isShutOff()) {
            reasons.add("'" + plan.name() + "' is " + live.state().label() + ": apply never copies the images of a"
                    + " domain that is not shut off; shut it down and apply again, or plan again with --live to move its"
                    + " disks while it runs");
        }
        reasons.addAll(liveChecks.refusals(plan, live, journal));
        if (movesData && live.managedSave()) {
            reasons.add("'" + plan.name() + "' has a managed-save image: it would resume from memory on its old"
                    + " images; start and shut it down, or remove the image (virsh managedsave-remove), first");
        }
        if (movesData && live.snapshots() > 0) {
            reasons.add("'" + plan.name() + "' has " + live.snapshots() + " libvirt snapshot(s) that name its old"
                    + " images; reverting one after the move would run the guest on stale data; delete them first");
        }
        for (int i = 0; i < plan.steps().size(); i++) {
            if (journal != null && journal.isDone(i)) {
                continue;
            }
            Step step = plan.steps().get(i);
            if (step instanceof ConvertImage convert && live.state().isShutOff()) {
                checkImage(plan, convert, lvm, reasons);
            }
            if (step instanceof CreateVolume create) {
                checkVolume(create, journal, lvm, reasons);
            }
        }
        space.check(plan, journal, lvm, live.state().isShutOff(), reasons);
        checkRetunedVolumes(plan, journal, lvm, reasons);
        return reasons;
    }

    /** Whether the journal shows this plan's define started: found by its kind, since a step may follow it (remove-volume). */
    private static boolean definedByUs(DomainPlan plan, DomainJournal journal) {
        List<Step> steps = plan.steps();
        return IntStream.range(0, steps.size())
                .filter(i -> steps.get(i) instanceof DefineDomain)
                .anyMatch(define -> journal.stateOf(define).isPresent());
    }

    private void checkImage(DomainPlan plan, ConvertImage convert, LvmReport lvm, List<String> reasons) {
        Optional<String> held = images.locks().holder(convert.source());
        if (held.isPresent()) {
            reasons.add("disk " + target(plan, convert) + ": " + held.get());
            return;
        }
        String planned = plan.disks().stream()
                .filter(d -> convert.source().equals(d.source()))
                .map(DiskPlan::imageFingerprint)
                .filter(java.util.Objects::nonNull)
                .findFirst()
                .orElse(null);
        if (planned == null) {
            return;
        }
        try {
            Optional<ImageFacts> image = images.facts().image(convert.source(), convert.sourceFormat());
            if (image.isPresent()
                    && image.get().readFrom().equals("qemu-img")
                    && !Fingerprints.of(image.get()).equals(planned)) {
                reasons.add("disk " + target(plan, convert) + ": image " + convert.source()
                        + " changed since it was planned (size, allocation or backing chain); plan again");
            } else if (image.isPresent()) {
                checkRoom(new DiskSteps(plan).creationOf(convert), image.get(), lvm, reasons);
            }
        } catch (VirtTuneException e) {
            reasons.add("disk " + target(plan, convert) + ": " + e.getMessage());
        }
    }

    /**
     * The LV takes the whole image: sizes are left out of the plan's trust check (they are the host's
     * then), so an edited one is caught here, before lvcreate, where a copy would fail half-done.
     */
    private static void checkRoom(CreateVolume create, ImageFacts image, LvmReport lvm, List<String> reasons) {
        long extent =
                lvm.volumeGroup(create.vg()).map(VolumeGroup::extentSizeBytes).orElse(1L);
        long needed = Sizes.roundUp(image.virtualSizeBytes(), extent);
        if (create.sizeBytes() > 0 && create.sizeBytes() < needed) {
            reasons.add("LV " + create.volume() + " is planned at " + Bytes.format(create.sizeBytes())
                    + ", smaller than the " + Bytes.format(image.virtualSizeBytes()) + " image " + image.path()
                    + " it takes ("
                    + Bytes.format(needed) + " in whole extents): the plan file was edited; plan again");
        }
    }

    private static String target(DomainPlan plan, ConvertImage convert) {
        return plan.disks().stream()
                .filter(d -> convert.source().equals(d.source()))
                .map(DiskPlan::target)
                .findFirst()
                .orElse("?");
    }

    private void checkVolume(CreateVolume create, DomainJournal journal, LvmReport lvm, List<String> reasons) {
        String name = create.volume().toString();
        boolean ours = journal != null && journal.createdVolumes().contains(name);
        if (lvm.volumeGroup(create.vg()).isEmpty()) {
            reasons.add("volume group " + create.vg() + " does not exist");
        } else if (!ours && lvm.logicalVolume(create.vg(), create.name()).isPresent()) {
            reasons.add("LV " + name + " exists already and was not created by virt-tune; plan again");
        }
        if (create.thin()
                && lvm.logicalVolume(create.vg(), create.thinPool())
                        .filter(LogicalVolume::isThinPool)
                        .isEmpty()
                && !space.plansPool(create.pool())) {
            reasons.add("thin pool " + create.pool() + " does not exist");
        }
        if (create.sizeBytes() < 0) {
            reasons.add("LV " + name + " is planned at " + create.sizeBytes()
                    + " bytes, which is no size: the plan file was" + " edited; plan again");
        } else if (create.sizeBytes() == 0) {
            reasons.add("the size of LV " + name + " is unknown: its image could not be read on this host"
                    + " (qemu-img info); make it readable, then apply again");
        }
    }

    /**
     * The LVs a retune changes in place must be on this host: a dry run prints {@code lvchange}
     * without running it, so only this check makes it refuse what the real run would fail on.
     */
    private static void checkRetunedVolumes(
            DomainPlan plan, DomainJournal journal, LvmReport lvm, List<String> reasons) {
        List<VolumeName> created = plan.steps().stream()
                .filter(step -> step instanceof CreateVolume)
                .map(step -> ((CreateVolume) step).volume())
                .toList();
        for (int i = 0; i < plan.steps().size(); i++) {
            if (plan.steps().get(i) instanceof SetReadAhead readAhead
                    && (journal == null || !journal.isDone(i))
                    && !created.contains(readAhead.volume())
                    && lvm.logicalVolume(readAhead.vg(), readAhead.name()).isEmpty()) {
                reasons.add(
                        "LV " + readAhead.volume() + ", which '" + plan.name() + "' uses, does not"
                                + " exist on this host: the plan was made for another one (or the LV is gone); plan again on this host");
            }
        }
    }
}

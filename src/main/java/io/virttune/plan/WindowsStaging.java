package io.virttune.plan;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.lvm.Sizes;
import io.virttune.lvm.VolumeName;
import io.virttune.recipe.DiskRecipe;
import io.virttune.recipe.DriverEvidence;
import io.virttune.recipe.TemporaryDisk;
import io.virttune.recipe.VirtioDriver;
import io.virttune.text.ShellWords;
import io.virttune.xml.DiskDevices;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import io.virttune.xml.TargetNames;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * A Windows guest whose VirtIO storage driver is not known to be bound keeps its buses; it gets a
 * small virtio disk so that one boot binds the driver. Once the guest agent reports viostor bound
 * (inspect asks a running guest), or the operator confirms it (--virtio-ready), the bus switch
 * happens and the temporary disk goes.
 */
final class WindowsStaging {
    private static final long STAGING_SIZE_BYTES = 64L << 20;
    private static final String NOT_ASKED = "the guest agent was not asked (a plan from files or a recorded host)";
    /** What a plan's record of the driver ends with when the operator's --virtio-ready switched the buses. */
    static final String OVERRIDDEN = "; switched on the operator's --virtio-ready";

    private final PlanEnvironment env;
    private final DomainFacts facts;
    private final DomainXml edited;
    private final List<DiskView> waiting;
    private final List<TemporaryDisk.Kind> kinds;
    private final List<DiskView> views;
    private final Optional<DiskView> temporaryDisk;
    private final boolean confirmed;

    /** @param views the disks of {@code edited}, in the order of {@code facts.disks()} */
    WindowsStaging(
            PlanEnvironment env, DomainFacts facts, DomainXml edited, List<DiskView> views, List<String> warnings) {
        this.env = env;
        this.facts = facts;
        this.edited = edited;
        this.confirmed = env.policy().virtioReadyDomains().contains(facts.name());
        List<DiskView> original = facts.disks().stream().map(DiskFacts::view).toList();
        List<DiskView> waitingOriginals = facts.waitingForVirtioDriver(confirmed);
        this.waiting = IntStream.range(0, views.size())
                .filter(i -> waitingOriginals.contains(original.get(i)))
                .mapToObj(views::get)
                .toList();
        this.views = views;
        this.kinds = facts.disks().stream()
                .map(disk -> TemporaryDisk.of(disk.view(), disk.logicalVolume(), edited.uuid()))
                .toList();
        this.temporaryDisk = kinds.contains(TemporaryDisk.Kind.OURS)
                ? Optional.of(views.get(kinds.indexOf(TemporaryDisk.Kind.OURS)))
                : Optional.empty();
        if (edited.os().isWindows() && waiting.isEmpty() && !confirmed && VirtioDriver.provenBound(original)) {
            warnings.add("Windows guest with a virtio-blk disk already: its VirtIO storage driver is installed"
                    + " and bound (viostor starts at boot once bound), so its other disks move to virtio too");
        }
        if (waiting.isEmpty()
                && !confirmed
                && facts.virtioDriver().filter(DriverEvidence::bound).isPresent()) {
            warnings.add("Windows guest: its guest agent reports "
                    + facts.virtioDriver().get().text() + ", so its disks switch to virtio");
        }
    }

    /**
     * The plan's line on the driver, for a guest that waits or waited for it: the guest agent's
     * evidence, or why there is none, and whether the operator's --virtio-ready switched it anyway.
     */
    Optional<String> driverEvidence() {
        boolean overridden = confirmed && !facts.waitingForVirtioDriver(false).isEmpty();
        Optional<String> evidence = facts.virtioDriver()
                .map(DriverEvidence::text)
                .or(() -> gated() || overridden
                        ? Optional.of(DriverEvidence.none(NOT_ASKED).text())
                        : Optional.empty());
        return evidence.map(text -> overridden ? text + OVERRIDDEN : text);
    }

    /** Whether the disk keeps its emulated bus until the driver is bound. */
    boolean waits(DiskView view) {
        return waiting.contains(view);
    }

    boolean gated() {
        return !waiting.isEmpty();
    }

    /** Whether the disk is, or is named like, the temporary disk: the plan never tunes it. */
    boolean untouchable(DiskView view) {
        return kinds.get(views.indexOf(view)) != TemporaryDisk.Kind.NONE;
    }

    /** The temporary disk's target, free for the switched disks once the disk goes. */
    Optional<String> freedTarget() {
        return temporaryDisk.filter(disk -> !gated()).map(DiskView::targetDev);
    }

    /**
     * Adds or keeps the temporary disk while the guest waits, or removes it from the definition and
     * its LV after the define ({@code afterDefine}); true when the domain is staged.
     */
    boolean stage(Set<String> usedTargets, List<Step> volumeSteps, List<Step> afterDefine, List<String> warnings) {
        if (!gated()) {
            temporaryDisk.ifPresent(disk -> {
                DiskDevices.remove(disk);
                warnings.add("the temporary virtio disk " + disk.sourcePath().orElse("") + " is removed from"
                        + " the definition, and its LV after the define");
                facts.disks()
                        .get(kinds.indexOf(TemporaryDisk.Kind.OURS))
                        .logicalVolume()
                        .ifPresent(lv -> afterDefine.add(new RemoveVolume(lv.vgName(), lv.name())));
            });
            return false;
        }
        // A disk only named like the temporary one may be it, planned offline: never add a second one.
        Optional<DiskView> present = temporaryDisk.or(() -> kinds.contains(TemporaryDisk.Kind.LOOKALIKE)
                ? Optional.of(views.get(kinds.indexOf(TemporaryDisk.Kind.LOOKALIKE)))
                : Optional.empty());
        if (present.isPresent()) {
            warnings.add("Windows guest: waiting for its VirtIO storage driver. Boot it once with the"
                    + " temporary virtio disk " + present.get().sourcePath().orElse("") + " and plan again while it"
                    + " runs: the buses switch once its guest agent reports viostor bound; or check that Windows sees"
                    + " the disk and confirm with --virtio-ready=" + ShellWords.quote(facts.name()));
            return true;
        }
        PlanTarget target = env.policy().target();
        String lvName = env.names().allocate(facts.name(), TemporaryDisk.PURPOSE);
        long size = Sizes.roundUp(STAGING_SIZE_BYTES, env.extentBytes());
        volumeSteps.add(new CreateVolume(target.vg(), lvName, size, target.thinPool()));
        if (!target.thin()) {
            volumeSteps.add(new ZeroVolume(target.vg(), lvName));
        }
        String targetDev = TargetNames.nextFree(usedTargets, "vd");
        DiskView staging =
                DiskDevices.addBlockDisk(edited, new VolumeName(target.vg(), lvName).devicePath(), targetDev);
        staging.setCache(env.policy().cache().xml());
        staging.setIo(DiskRecipe.ioFor(env.policy().cache()).xml());
        warnings.add("Windows guest: its VirtIO storage driver is not known to be bound, so its disks keep"
                + " their buses for now. Apply adds a temporary virtio disk (" + targetDev + "); install the"
                + " VirtIO drivers in the guest (virtio-win) if they are not, boot it once so Windows binds"
                + " viostor to that disk, then plan again while it runs: the buses switch once its guest agent"
                + " reports viostor bound (or confirm with --virtio-ready=" + ShellWords.quote(facts.name()) + ")");
        return true;
    }

    /**
     * The plan of a disk that is, or is named like, the temporary disk: ours is kept while the guest
     * waits, else removed; a lookalike is left as it is.
     */
    DiskPlan diskPlan(DiskFacts disk, DiskView view) {
        String source = disk.view().sourcePath().orElse(null);
        if (!temporaryDisk.equals(Optional.of(view))) {
            return DiskPlan.leave(disk.target(), source, TemporaryDisk.lookalikeReason());
        }
        return gated()
                ? DiskPlan.leave(
                        disk.target(), source, "temporary virtio disk: lets Windows bind its VirtIO storage driver")
                : new DiskPlan(
                        disk.target(),
                        null,
                        "remove",
                        source,
                        null,
                        0,
                        List.of(),
                        "temporary virtio disk: no longer needed",
                        null);
    }
}

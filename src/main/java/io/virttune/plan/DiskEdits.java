package io.virttune.plan;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.ImageFacts;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.Sizes;
import io.virttune.lvm.VolumeName;
import io.virttune.recipe.Bus;
import io.virttune.recipe.BusMove;
import io.virttune.recipe.DiskRecipe;
import io.virttune.recipe.DiskRole;
import io.virttune.recipe.DiskStorage;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.IoMode;
import io.virttune.recipe.Setting;
import io.virttune.text.Bytes;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import io.virttune.xml.TargetNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Applies the recipe's decision ({@link DiskRecipe}) to each disk of a domain's private copy: the
 * new LV and copy steps for moved data, then bus, cache, io and discard, each change written as an
 * "old -> new" line.
 */
final class DiskEdits {
    private final PlanEnvironment env;
    private final String domain;
    private final DomainXml edited;
    private final WindowsStaging staging;
    private final Set<String> usedTargets;
    private final List<Step> volumeSteps;
    private final List<Step> afterDefine;
    private final boolean live;
    private final List<DiskView> needIothread = new ArrayList<>();
    private boolean warnedAboutGuestDriver;

    DiskEdits(
            PlanEnvironment env,
            String domain,
            DomainXml edited,
            WindowsStaging staging,
            Set<String> usedTargets,
            List<Step> volumeSteps,
            List<Step> afterDefine,
            boolean live) {
        this.env = env;
        this.live = live;
        this.domain = domain;
        this.edited = edited;
        this.staging = staging;
        this.usedTargets = usedTargets;
        this.volumeSteps = volumeSteps;
        this.afterDefine = afterDefine;
    }

    /** The virtio disks that still need their own IOThread, in disk order. */
    List<DiskView> needIothread() {
        return needIothread;
    }

    void edit(DiskFacts disk, DiskView view, List<String> changes, List<String> warnings) {
        DiskStorage storage = disk.verdict().role() == DiskRole.MOVE_DATA
                ? DiskStorage.lv(env.policy().target().thin())
                : DiskStorage.of(view, disk.logicalVolume());
        DiskTarget target = DiskRecipe.decide(view, disk.logicalVolume(), storage, staging.waits(view), env.levers());
        if (disk.verdict().role() == DiskRole.MOVE_DATA) {
            moveData(disk, view, changes);
        } else if (target.readAheadOff()) {
            readAheadOff(disk.logicalVolume().orElseThrow(), changes);
        }
        String bus = view.targetBus().orElse("default");
        if (target.bus() == BusMove.KEEP) {
            changes.add("bus " + bus + " kept: " + target.busReason().orElseThrow());
        } else if (target.bus() == BusMove.SWITCH) {
            String newTarget = TargetNames.nextFree(usedTargets, "vd");
            usedTargets.add(newTarget);
            changes.add("bus " + bus + " -> virtio, target " + view.targetDev() + " -> " + newTarget
                    + ", old address dropped");
            if (!edited.os().isWindows() && !warnedAboutGuestDriver) {
                warnedAboutGuestDriver = true;
                warnings.add("a disk moves to virtio-blk: the guest's initramfs must hold virtio_blk (RHEL-like"
                        + " guests built host-only do not: dracut -f --add-drivers 'virtio_blk virtio_pci' first;"
                        + " Debian and Ubuntu include it), and it must mount by UUID or label, as the disk becomes "
                        + newTarget);
            }
            view.setTarget(newTarget, Bus.VIRTIO.xml());
            view.removeAddress();
        }
        set(view.cache(), target.cache().wanted().xml(), view::setCache, "cache", changes);
        set(view.io(), target.io().wanted().xml(), view::setIo, "io", changes);
        if (target.io().current() == IoMode.IO_URING) {
            // An operator's choice, not a matter of taste as the others are: say why it stays or goes.
            if (target.io().changes()) {
                changes.set(
                        changes.size() - 1,
                        changes.get(changes.size() - 1) + " (" + target.io().reason() + ")");
                if (live && disk.verdict().role() == DiskRole.MOVE_DATA) {
                    warnings.add(disk.target() + ": the running guest keeps io_uring on its new LV until its next cold"
                            + " boot (libvirt gives a block copy's target the disk's aio mode); its definition has io="
                            + target.io().wanted().xml() + " from then on");
                }
            } else {
                changes.add(target.io().reason());
            }
        }
        // detect_zeroes is left as it is: QEMU would scan every write for zeros, and with large thin
        // chunks zeroed writes rarely free a whole chunk anyway.
        target.discard()
                .map(Setting::wanted)
                .ifPresent(discard -> set(view.discard(), discard, view::setDiscard, "discard", changes));
        if (target.bus().virtioNow() && target.iothread()) {
            needIothread.add(view);
        }
    }

    private void moveData(DiskFacts disk, DiskView view, List<String> changes) {
        PlanTarget target = env.policy().target();
        String lvName = env.names().allocate(domain, disk.target());
        String device = new VolumeName(target.vg(), lvName).devicePath();
        Optional<ImageFacts> image = disk.image();
        // Live, exactly the disk's size (LiveMoves refused any other): QEMU's mirror ends a copy
        // onto a larger device by itself.
        long size = image.map(i -> Sizes.roundUp(i.virtualSizeBytes(), env.extentBytes()))
                .orElse(0L);
        String source = view.sourcePath().orElseThrow();
        // The declared format, never a guessed one: see QemuImg#info.
        String format = view.format().orElse("raw");
        volumeSteps.add(new CreateVolume(target.vg(), lvName, size, target.thinPool()));
        volumeSteps.add(new SetReadAhead(target.vg(), lvName, 0));
        long bandwidth = env.policy().bandwidthBytesPerSecond();
        if (live) {
            PlanPolicy.Live how = env.policy().live();
            volumeSteps.add(new CopyLive(
                    view.targetDev(), source, device, bandwidth, how.synchronousWrites(), how.verifyPaused()));
        } else {
            long allocated = image.map(ImageFacts::allocatedBytes).orElse(0L);
            volumeSteps.add(new ConvertImage(source, format, device, target.thin(), size, allocated, bandwidth));
            volumeSteps.add(new VerifyCopy(source, format, device, bandwidth));
        }
        changes.add("source " + source + " -> " + device + (live ? " live (block copy, then pivot)" : "")
                + (size > 0 ? " (" + Bytes.format(size) + ")" : " (size read at apply)"));
        if (!format.equals("raw")) {
            changes.add("format " + format + " -> raw");
        }
        image.filter(ImageFacts::hasBackingChain)
                .ifPresent(
                        i -> changes.add("backing chain of " + i.backingChain().size() + " flattened into the LV"));
        view.setBlockSource(device);
        view.setDriverFormat("raw").forEach(dropped -> changes.add(dropped + " dropped (qcow2 only)"));
    }

    /**
     * An LV the guest runs on already: after the define, so that a define libvirt refuses leaves the
     * host as it was (nothing to resume or roll back), and no read-ahead is lost while the old
     * definition still reads through the host's cache.
     */
    private void readAheadOff(LogicalVolume lv, List<String> changes) {
        afterDefine.add(new SetReadAhead(lv.vgName(), lv.name(), 0));
        changes.add("LV read-ahead "
                + (lv.readAheadBytes().isPresent() ? lv.readAheadBytes().getAsLong() + " bytes" : "auto") + " -> 0");
    }

    private static void set(
            Optional<String> current, String wanted, Consumer<String> setter, String what, List<String> changes) {
        if (!current.equals(Optional.of(wanted))) {
            changes.add(what + " " + current.orElse("default") + " -> " + wanted);
            setter.accept(wanted);
        }
    }
}

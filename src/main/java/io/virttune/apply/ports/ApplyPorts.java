package io.virttune.apply.ports;

import io.virttune.apply.journal.DryRunState;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.host.HostDoor;
import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.LiveHost;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LibvirtJavaDefinitions;
import io.virttune.lvm.DirectIo;
import io.virttune.lvm.IoctlDiscards;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.MetadataSnapshotHolds;
import io.virttune.lvm.ThinDiscards;
import io.virttune.lvm.ThinMappings;
import io.virttune.process.ProcessRunner;
import io.virttune.qemu.BlockZeroing;
import io.virttune.qemu.LvConversion;
import io.virttune.qemu.PausedMaps;
import io.virttune.qemu.QemuImg;
import io.virttune.qemu.QemuImgCompare;
import io.virttune.qemu.ThinCopyCompare;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What apply acts through, in the groups its parts take, real or printing (the one place a dry run
 * differs from a real run).
 *
 * @param guests the domains' definitions and block jobs
 * @param lvm the host's LVM, read and changed, and the writers of an LV
 * @param images the image files: their facts, presence, locks and holds
 * @param copies the copy, zeroing and compare tools
 * @param run the state directory, the clock and the run's mode
 */
public record ApplyPorts(GuestPorts guests, LvmPorts lvm, ImagePorts images, CopyPorts copies, RunPorts run) {

    /** The ports for the host behind {@code door}: its commands, its libvirt and its images, all through the door. */
    public static ApplyPorts forHost(HostDoor door, Path stateDir, boolean execute, Consumer<String> dryRunLog) {
        return over(
                new Host(
                        door.commands(),
                        // In this process where the LVs are this machine's: no process a range, each pause time.
                        door.isThisMachine() ? new IoctlDiscards() : ThinDiscards.through(new LvmCli(door.commands())),
                        door.isThisMachine(),
                        () -> LibvirtJavaDefinitions.open(door.libvirtUri()),
                        new LiveHost(door),
                        new StaleWriters(),
                        new QemuIoHolds(),
                        BlockJobsSource.of(door.libvirtUri()),
                        new StateDirectory(stateDir),
                        HostFiles.HOST,
                        Clock.systemUTC()),
                execute,
                dryRunLog);
    }

    /** These ports, their live copies called stalled after {@code window} without getting closer to ready. */
    public ApplyPorts convergingWithin(Duration window) {
        return new ApplyPorts(guests.convergingWithin(window), lvm, images, copies, run);
    }

    /**
     * What a host offers apply, real: how its commands run, how its thin LVs' chunks are discarded,
     * whether its image files are this process's to read ({@code imagesHere}: the host is this
     * machine), its libvirt, its images and its state.
     */
    public record Host(
            ProcessRunner runner,
            ThinDiscards discards,
            boolean imagesHere,
            Supplier<DomainDefinitions> libvirt,
            HostFactsSource images,
            StaleWriters writers,
            ImageHolds holds,
            BlockJobsSource blockJobs,
            StateDirectory state,
            HostFiles files,
            Clock clock) {}

    /**
     * The one place that makes a dry run: the acting commands (each adapter says which of its calls
     * act) are printed to {@code dryRunLog}, and the other acting ports replaced by printing ones.
     */
    public static ApplyPorts over(Host host, boolean execute, Consumer<String> dryRunLog) {
        StateDirectory.requireUsable(host.state().root());
        ProcessRunner runner = execute ? host.runner() : new PrintingRunner(host.runner(), dryRunLog);
        Function<PrintWriter, DomainDefinitions> definitions = execute
                ? log -> host.libvirt().get()
                : log -> new PrintingDefinitions(host.libvirt().get(), log);
        ImageHolds holds = execute ? host.holds() : (path, domain) -> () -> {};
        StateDirectory state =
                execute ? host.state() : new DryRunState(host.state().root());
        HostFiles files = execute ? host.files() : host.files().readOnly();
        // A dry run's reserve is only printed: it holds no snapshot to record.
        MetadataSnapshotHolds snapshots =
                execute ? MetadataSnapshotHolds.in(host.state().root()) : MetadataSnapshotHolds.none();
        BlockJobsSource blockJobs = execute
                ? host.blockJobs()
                : host.blockJobs().viewedThrough(jobs -> new PrintingBlockJobs(jobs, dryRunLog));
        QemuImg qemuImg = new QemuImg(runner);
        // In the pause every millisecond is the guest's: no qemu-img process where this one can read the image.
        PausedMaps pausedMaps = host.imagesHere()
                ? PausedMaps.inThisProcess(qemuImg)
                : PausedMaps.through(qemuImg, "the images are another host's");
        return new ApplyPorts(
                new GuestPorts(definitions, blockJobs),
                new LvmPorts(
                        new LvmCli(runner),
                        new LvmCli(runner),
                        execute ? host.discards() : ThinDiscards.through(new LvmCli(runner)),
                        host.writers(),
                        new DirectIo(runner),
                        new ThinMappings(runner, snapshots)),
                new ImagePorts(host.images(), files, new ImageLocks(host.runner()), holds),
                new CopyPorts(
                        new LvConversion(runner, snapshots),
                        new BlockZeroing(runner),
                        new QemuImgCompare(runner),
                        qemuImg,
                        pausedMaps,
                        new ThinCopyCompare(runner, snapshots)),
                new RunPorts(state, host.clock(), execute ? RunMode.EXECUTE : RunMode.DRY_RUN));
    }
}

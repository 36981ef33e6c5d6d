package io.virttune.apply.ports;

import io.virttune.apply.journal.DryRunState;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.host.HostDoor;
import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.LiveHost;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LibvirtJavaDefinitions;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.LvmCli;
import io.virttune.process.ProcessRunner;
import io.virttune.qemu.BlockZeroing;
import io.virttune.qemu.LvConversion;
import io.virttune.qemu.QemuImg;
import io.virttune.qemu.QemuImgCompare;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What apply acts through. A dry run and a real run differ only here: in a dry run every acting
 * port prints what it would do instead of doing it (commands the adapters call acting, defines,
 * autostart, state writes, file deletions, image holds); the reading ports are real in both, so
 * a dry run checks all a real run checks.
 *
 * @param definitions opens a libvirt connection that reads and defines domains (one per job),
 *     printing to the given log what a dry run would define
 * @param lvmActions creates and changes LVs
 * @param lvmReads reads the host's LVM report
 * @param images reads images with qemu-img, for fingerprints and the in-use check
 * @param conversion copies images into LVs and verifies them
 * @param zeroing zeroes LVs that no copy fills (a linear LV holds its extents' old data)
 * @param comparer verifies copies made by an earlier, interrupted run
 * @param qemuImg reads images' allocation maps, for what a copy provisions in a thin pool
 * @param writers finds processes still writing an LV (a copy a killed apply left running)
 * @param holds keeps the source images from a starting guest while the domain is defined
 * @param blockJobs copies the disks of running guests onto LVs (block copy and pivot)
 * @param files tells whether an image file is there, and deletes the source images cleanup removes
 * @param mode whether anything really changes, for the words of the results
 */
public record ApplyPorts(
        Function<PrintWriter, DomainDefinitions> definitions,
        Lvm lvmActions,
        Lvm lvmReads,
        HostFactsSource images,
        ImageLocks locks,
        LvConversion conversion,
        BlockZeroing zeroing,
        QemuImgCompare comparer,
        QemuImg qemuImg,
        StaleWriters writers,
        ImageHolds holds,
        BlockJobsSource blockJobs,
        StateDirectory state,
        HostFiles files,
        Clock clock,
        RunMode mode) {

    /** The ports for the host behind {@code door}: its commands, its libvirt and its images, all through the door. */
    public static ApplyPorts forHost(HostDoor door, Path stateDir, boolean execute, Consumer<String> dryRunLog) {
        return over(
                new Host(
                        door.commands(),
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
        return new ApplyPorts(
                definitions,
                lvmActions,
                lvmReads,
                images,
                locks,
                conversion,
                zeroing,
                comparer,
                qemuImg,
                writers,
                holds,
                blockJobs.convergingWithin(window),
                state,
                files,
                clock,
                mode);
    }

    /** What a host offers apply, real: how its commands run, its libvirt, its images and its state. */
    public record Host(
            ProcessRunner runner,
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
        BlockJobsSource blockJobs = execute
                ? host.blockJobs()
                : host.blockJobs().viewedThrough(jobs -> new PrintingBlockJobs(jobs, dryRunLog));
        return new ApplyPorts(
                definitions,
                new LvmCli(runner),
                new LvmCli(runner),
                host.images(),
                new ImageLocks(host.runner()),
                new LvConversion(runner),
                new BlockZeroing(runner),
                new QemuImgCompare(runner),
                new QemuImg(runner),
                host.writers(),
                holds,
                blockJobs,
                state,
                files,
                host.clock(),
                execute ? RunMode.EXECUTE : RunMode.DRY_RUN);
    }
}

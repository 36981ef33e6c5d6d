package io.virttune.apply;

import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.LiveHost;
import io.virttune.libvirt.LibvirtJavaDefinitions;
import io.virttune.lvm.LvmCli;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessRunner;
import java.nio.file.Path;
import java.util.function.Consumer;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.lvm.Lvm;
import io.virttune.qemu.QemuImg;
import io.virttune.qemu.QemuImgCompare;
import io.virttune.qemu.BlockZeroing;
import io.virttune.qemu.LvConversion;
import java.time.Clock;
import java.util.function.Supplier;

/**
 * What apply acts through. A dry run and a real run differ only here: in a dry run the acting
 * ports print their commands instead of running them, and nothing is journaled or defined; the
 * reading ports are real in both, so a dry run checks all a real run checks.
 *
 * @param definitions opens a libvirt connection that reads and defines domains (one per job)
 * @param lvmActions creates and changes LVs
 * @param lvmReads reads the host's LVM report
 * @param images reads images with qemu-img, for fingerprints and the in-use check
 * @param conversion copies images into LVs and verifies them
 * @param zeroing zeroes LVs that no copy fills (a linear LV holds its extents' old data)
 * @param comparer verifies copies made by an earlier, interrupted run
 * @param qemuImg reads images' allocation maps, for what a copy provisions in a thin pool
 * @param writers finds processes still writing an LV (a copy a killed apply left running)
 * @param holds keeps the source images from a starting guest while the domain is defined
 * @param execute whether anything really changes
 */
public record ApplyPorts(
    Supplier<DomainDefinitions> definitions,
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
    StateDirectory state,
    Clock clock,
    boolean execute) {

  /**
   * The ports for the host behind {@code uri}, where commands run on this machine. This is the
   * one place that decides what a dry run is: acting commands are printed to {@code dryRunLog}.
   */
  public static ApplyPorts forHost(String uri, Path stateDir, boolean execute, Consumer<String> dryRunLog) {
    ProcessRunner real = new LocalProcessRunner();
    ProcessRunner acting = execute ? real : new PrintingRunner(real, dryRunLog);
    return new ApplyPorts(() -> LibvirtJavaDefinitions.open(uri), new LvmCli(acting), new LvmCli(real),
        new LiveHost(real, true), new ImageLocks(real), new LvConversion(acting), new BlockZeroing(acting), new QemuImgCompare(acting),
        new QemuImg(real), new StaleWriters(), new QemuIoHolds(), new StateDirectory(stateDir), Clock.systemUTC(), execute);
  }
}

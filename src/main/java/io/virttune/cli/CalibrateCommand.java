package io.virttune.cli;

import io.virttune.apply.MirrorCalibration;
import io.virttune.apply.VgCalibration;
import io.virttune.apply.journal.Calibration;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.host.LocalHostDoor;
import io.virttune.process.LocalProcessRunner;
import io.virttune.report.CalibrationReport;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code virt-tune calibrate}: measures a VG's or thin pool's pace on a temporary LV, for plan's first night. */
@Command(
        name = "calibrate",
        mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {
            "  virt-tune calibrate --vg vg_vms                     # dry run: what it would create and run",
            "  virt-tune calibrate --vg vg_vms --execute           # 1 GiB written and read back",
            "  virt-tune calibrate --thin-pool vg_vms/pool --size 4G --execute",
            "  virt-tune calibrate --vg vg_vms --mirror web01 --execute   # and web01's mirror into vg_vms, 20 s"
        },
        description = {
            "Measure how fast a VG (or a thin pool) writes and reads: a temporary LV, tagged virt-tune and"
                    + " virt-tune-calibration, written then read back with direct I/O (dd), each pass at most SIZE"
                    + " and 60 s, then removed, also on SIGINT or SIGTERM. The result is kept in the state directory"
                    + " with its date: plan --window predicts a host's first night by it, until the host has"
                    + " journaled copies of its own.",
            "With --mirror DOMAIN, then one disk of that running domain (the largest a live move copies, or"
                    + " DOMAIN:DISK) is mirrored into a temporary LV of the disk's size as apply's live copy"
                    + " mirrors it, in the guest's own QEMU, for at most --mirror-seconds; the copy is then aborted"
                    + " without a pivot (the guest stays on its source) and the LV removed, also on SIGINT or"
                    + " SIGTERM. plan --window predicts a host's first live move by that mirror's pace.",
            "A dry run unless --execute. Exit status 0 measured (or would), 1 failed, 3 refused: no such VG or"
                    + " pool, a read-only VG, too little free space, or with --mirror a domain not running, no disk a"
                    + " live move copies, too little room for the disk (nothing is measured then, nor kept; the passes"
                    + " before a refused or failed mirror are kept)."
        })
public final class CalibrateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    PlanPolicyOptions.Target target;

    @Option(
            names = "--size",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "write and read back at most SIZE (default: 1G; at least 64M); each pass also stops after"
                    + " 60 s")
    long size = 1L << 30;

    @Option(
            names = "--mirror",
            paramLabel = "DOMAIN[:DISK]",
            description = "after the passes, time the mirror of one disk of this running domain into the target"
                    + " (default disk: the largest a live move copies), its guest's writes read beside it: timed"
                    + " while the guest does its usual work, a busy guest's predicts busy guests' copies")
    String mirror;

    @Option(
            names = "--mirror-seconds",
            paramLabel = "N",
            description = "abort the mirror after N seconds, or once it is ready (default: 20)")
    long mirrorSeconds = MirrorCalibration.DEFAULT_LIMIT.toSeconds();

    @Option(names = "--json", description = "print the result as JSON (schema virt-tune/calibration, version 1)")
    boolean json;

    @Mixin
    StateOptions state;

    @Override
    public Integer call() {
        PrintWriter out =
                json ? spec.commandLine().getErr() : spec.commandLine().getOut();
        VgCalibration.Target measured = target();
        Optional<MirrorCalibration.Target> mirrored = Optional.ofNullable(mirror)
                .map(named -> MirrorCalibration.Target.of(
                        measured.vg(), measured.thinPool(), named, Duration.ofSeconds(mirrorSeconds)));
        // This machine's LVM: a calibration measures the host it runs on, as apply changes it.
        ApplyPorts ports = ApplyPorts.forHost(
                new LocalHostDoor(new LocalProcessRunner(), "qemu:///system", true),
                state.stateDir,
                state.execute,
                out::println);
        if (!state.execute) {
            out.println("Dry run: nothing is changed. Add --execute to calibrate.");
        }
        Optional<Calibration> calibration = new VgCalibration(ports, out).measure(measured);
        if (mirrored.isPresent()) {
            // After the passes, which removed what killed calibrations left in the VG, their guests' mirrors too.
            Optional<Calibration.Mirror> timed = new MirrorCalibration(ports, out).measure(mirrored.get());
            calibration = calibration.map(
                    passes -> passes.withMirror(timed.orElseThrow(), ports.run().now()));
            calibration.ifPresent(ports.run().state()::save);
        }
        PrintWriter printer = spec.commandLine().getOut();
        if (json) {
            printer.print(CalibrationReport.json(state.execute, calibration));
        } else {
            CalibrationReport.print(
                    printer, calibration, ports.run().state().calibrationFile(measured.vg(), measured.thinPool()));
        }
        printer.flush();
        out.flush();
        return 0;
    }

    private VgCalibration.Target target() {
        String[] vgAndPool = target.vgAndPool(spec);
        return new VgCalibration.Target(vgAndPool[0], vgAndPool[1], size);
    }
}

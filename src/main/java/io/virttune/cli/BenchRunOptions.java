package io.virttune.cli;

import io.virttune.VirtTuneException;
import io.virttune.bench.BenchRequest;
import io.virttune.bench.BenchSettings;
import io.virttune.bench.BenchStore;
import io.virttune.bench.BenchTarget;
import io.virttune.bench.ProfileSet;
import io.virttune.host.HostDoor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/**
 * How bench measures: the profiles, their size and runs, where fio writes in the guest, the host
 * ceiling and where results are stored; checked before any guest is touched, and passed on to
 * each host of a fleet as it is given here.
 */
public final class BenchRunOptions {
    @Option(names = "--quick", description = "only SEQ1M Q8T1 and RND4K Q32T1, read and write; 64 MiB, 5 s, 1 loop")
    boolean quick;

    @Option(
            names = "--size",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "bytes each run covers (default: 1G, or 64M with --quick)")
    Long size;

    @Option(names = "--runtime", paramLabel = "SECONDS", description = "at most this long per run (default: 5)")
    Integer runtime;

    @Option(
            names = "--loops",
            paramLabel = "N",
            description = "runs of each profile, averaged and their peak kept (default: 5, or 1 with --quick)")
    Integer loops;

    @Option(
            names = "--file",
            paramLabel = "PATH",
            description = "scratch file in the guest (default: " + BenchTarget.DEFAULT_FILE
                    + "); on a filesystem that supports O_DIRECT")
    String file;

    @Option(
            names = "--device",
            paramLabel = "/dev/vdX",
            description =
                    "bench a whole scratch disk of the guest instead (needs --destructive: its data is overwritten)")
    String device;

    @Option(
            names = "--scratch-disk",
            paramLabel = "TARGET",
            description =
                    "bench the domain's whole disk TARGET (e.g. vdb) instead, found in the guest by its size since the"
                            + " guest names its disks its own way (needs --destructive: its data is overwritten)")
    String scratchDisk;

    @Option(names = "--destructive", description = "allow --device or --scratch-disk to overwrite the disk")
    boolean destructive;

    @Option(
            names = "--disk",
            paramLabel = "TARGET",
            description = "the domain disk (target name, e.g. vda) whose configuration and host device are recorded"
                    + " (default: --scratch-disk's or --device's, else the first disk)")
    String disk;

    @Option(names = "--fio", paramLabel = "PATH", description = "fio in the guest (default: fio, found on its PATH)")
    String fio = "fio";

    @Option(
            names = "--host-ceiling",
            paramLabel = "PATH",
            description =
                    "also run the profiles with fio on the host on this scratch file (removed afterwards) or, with"
                            + " --destructive, scratch block device: the ceiling to compare the guest with")
    String hostCeiling;

    @Option(
            names = "--state-dir",
            paramLabel = "DIR",
            description = "where results are stored (default: " + "/var/lib/virt-tune/bench)")
    Path stateDir = BenchStore.DEFAULT_DIR;

    /**
     * The settings of every domain's run, refused before anything is touched when they would
     * overwrite a disk without --destructive; {@code domains} names the domains for that message.
     */
    BenchSettings settings(String domains) {
        if (Stream.of(device, file, scratchDisk).filter(Objects::nonNull).count() > 1) {
            throw VirtTuneException.usage("give one of --file, --device and --scratch-disk");
        }
        if (scratchDisk != null && disk != null && !disk.equals(scratchDisk)) {
            throw VirtTuneException.usage(
                    "--scratch-disk " + scratchDisk + " is the disk measured: --disk " + disk + " names another");
        }
        if ((device != null || scratchDisk != null) && !destructive) {
            throw VirtTuneException.refused((device != null ? "--device " + device : "--scratch-disk " + scratchDisk)
                    + " overwrites that disk of " + domains
                    + "; if it is a scratch disk holding no data, add --destructive");
        }
        if (destructive && device == null && scratchDisk == null && hostCeiling == null) {
            throw VirtTuneException.usage(
                    "--destructive only goes with --device, --scratch-disk or a block device" + " --host-ceiling");
        }
        if (device != null && !device.startsWith("/dev/")) {
            throw VirtTuneException.usage("--device takes a guest device path like /dev/vdb, got '" + device + "'");
        }
        if ((runtime != null && runtime < 1) || (loops != null && loops < 1)) {
            throw VirtTuneException.usage("--runtime and --loops must be at least 1");
        }
        ProfileSet set = quick ? ProfileSet.QUICK : ProfileSet.DEFAULT;
        BenchTarget target = device != null
                ? BenchTarget.scratchDevice(device)
                : scratchDisk != null
                        ? BenchTarget.scratchDisk()
                        : BenchTarget.scratchFile(file == null ? BenchTarget.DEFAULT_FILE : file);
        return new BenchSettings(
                set,
                size == null ? set.sizeBytes() : size,
                runtime == null ? set.runtimeSeconds() : runtime,
                loops == null ? set.loops() : loops,
                target,
                fio);
    }

    /** Whether the run overwrites a whole disk of the guest (--device or --scratch-disk). */
    boolean overwrites() {
        return device != null || scratchDisk != null;
    }

    /** One domain's request: the disk measured is the scratch disk's, else --disk's. */
    BenchRequest request(String domain, String label, BenchSettings settings) {
        return new BenchRequest(domain, label, settings, scratchDisk != null ? scratchDisk : disk, hostCeiling);
    }

    /** The scratch file or device of --host-ceiling is on this machine: a fleet's hosts check their own. */
    void requireSafeHostCeiling(HostDoor door) {
        if (hostCeiling != null && !door.isThisMachine()) {
            // fio and the checks of the target run here: they would measure this machine's disk.
            throw VirtTuneException.refused(
                    "--host-ceiling measures the disks of the machine bench runs on, not those of "
                            + door.libvirtUri()
                            + " (rule: a host's ceiling is measured on that host); run bench there, or give it"
                            + " --hosts to run each host's own virt-tune");
        }
        if (hostCeiling != null && Files.isDirectory(Path.of(hostCeiling))) {
            throw VirtTuneException.usage(
                    "--host-ceiling takes a file or block device, not a directory: " + hostCeiling);
        }
        boolean block =
                hostCeiling != null && Files.exists(Path.of(hostCeiling)) && !Files.isRegularFile(Path.of(hostCeiling));
        if (block && !destructive) {
            throw VirtTuneException.refused("--host-ceiling " + hostCeiling + " is a device and would be overwritten;"
                    + " if it is a scratch LV holding no data, add --destructive");
        }
        if (hostCeiling != null && Files.isRegularFile(Path.of(hostCeiling))) {
            throw VirtTuneException.refused(
                    "--host-ceiling " + hostCeiling + " exists; give a path fio may create" + " and remove");
        }
    }

    /** These choices as each host's virt-tune bench is given them: only those that differ from its defaults. */
    List<String> forEachHost() {
        List<String> options = new ArrayList<>();
        if (quick) {
            options.add("--quick");
        }
        given(options, "--size", size);
        given(options, "--runtime", runtime);
        given(options, "--loops", loops);
        given(options, "--file", file);
        given(options, "--device", device);
        given(options, "--scratch-disk", scratchDisk);
        if (destructive) {
            options.add("--destructive");
        }
        given(options, "--disk", disk);
        if (!fio.equals("fio")) {
            options.add("--fio=" + fio);
        }
        given(options, "--host-ceiling", hostCeiling);
        if (!stateDir.equals(BenchStore.DEFAULT_DIR)) {
            options.add("--state-dir=" + stateDir);
        }
        return options;
    }

    private static void given(List<String> options, String name, Object value) {
        if (value != null) {
            options.add(name + "=" + value);
        }
    }
}

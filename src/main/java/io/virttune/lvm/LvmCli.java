package io.virttune.lvm;

import io.virttune.VirtTuneException;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link Lvm} over the {@code lvm} command, one subcommand per call.
 */
public final class LvmCli implements Lvm {
    public static final String VG_FIELDS = "vg_name,vg_extent_size,vg_size,vg_free,pv_count,lv_count";
    public static final String LV_FIELDS = "vg_name,lv_name,lv_size,segtype,lv_attr,lv_read_ahead,pool_lv,"
            + "chunk_size,zero,data_percent,metadata_percent,lv_metadata_size,lv_tags";
    public static final String PV_FIELDS = "pv_name,vg_name,pv_size,pv_free";

    private final ProcessRunner runner;
    private final LvmReportParser parser = new LvmReportParser();

    public LvmCli(ProcessRunner runner) {
        this.runner = runner;
    }

    @Override
    public LvmReport report() {
        return parser.parse(
                query("vgs", VG_FIELDS, "the volume groups"),
                query("lvs", LV_FIELDS, "the logical volumes"),
                query("pvs", PV_FIELDS, "the physical volumes"));
    }

    @Override
    public void createVolumeGroup(String name, List<String> pvDevices, long extentSizeBytes) {
        LvmNames.requireValidVolumeGroup(name);
        if (pvDevices.isEmpty()) {
            throw VirtTuneException.usage("volume group " + name + " needs at least one physical volume");
        }
        for (String device : pvDevices) {
            // An absolute path can never be read as an lvm option.
            if (!device.startsWith("/")) {
                throw VirtTuneException.usage("physical volume '" + device + "' must be an absolute path");
            }
        }
        List<String> argv = new ArrayList<>(
                List.of("lvm", "vgcreate", "--physicalextentsize", LvmArguments.bytes(extentSizeBytes), name));
        argv.addAll(pvDevices);
        act(argv, "create volume group", name);
    }

    @Override
    public Optional<VolumeIdentity> identity(String vgName, String name) {
        String lvs = query(
                List.of(LvmArguments.vg(vgName)), "lvs", VolumeIdentity.FIELDS, "the logical volumes of " + vgName);
        return VolumeIdentity.find(lvs, vgName, LvmArguments.lvName(vgName, name));
    }

    @Override
    public boolean writable(String vgName) {
        String vgs = query(List.of(LvmArguments.vg(vgName)), "vgs", "vg_permissions", "the volume group " + vgName);
        // lvm words it "writeable" or "read-only"; anything but read-only is tried, and lvm then says why not.
        return !vgs.contains("\"read-only\"");
    }

    @Override
    public void createLinear(String vgName, String name, long sizeBytes, String... tags) {
        act(
                LvmArguments.lvcreate(
                        tags,
                        "--type",
                        "linear",
                        "-L",
                        LvmArguments.bytes(sizeBytes),
                        "-n",
                        LvmArguments.lvName(vgName, name),
                        LvmArguments.vg(vgName)),
                "create linear LV",
                new VolumeName(vgName, name).toString());
    }

    @Override
    public void createThinPool(
            String vgName,
            String name,
            long sizeBytes,
            long chunkSizeBytes,
            boolean zeroing,
            long metadataSizeBytes,
            String... tags) {
        act(
                LvmArguments.lvcreate(
                        tags,
                        "--type",
                        "thin-pool",
                        "-L",
                        LvmArguments.bytes(sizeBytes),
                        "--chunksize",
                        LvmArguments.thinChunk(chunkSizeBytes),
                        "--zero",
                        zeroing ? "y" : "n",
                        "--poolmetadatasize",
                        LvmArguments.bytes(metadataSizeBytes),
                        "-n",
                        LvmArguments.lvName(vgName, name),
                        LvmArguments.vg(vgName)),
                "create thin pool",
                new VolumeName(vgName, name).toString());
    }

    @Override
    public void createThin(String vgName, String poolName, String name, long virtualSizeBytes, String... tags) {
        List<String> argv = LvmArguments.lvcreate(
                tags,
                "--type",
                "thin",
                "-V",
                LvmArguments.bytes(virtualSizeBytes),
                "--thinpool",
                LvmArguments.lvName(vgName, poolName),
                "-n",
                LvmArguments.lvName(vgName, name),
                LvmArguments.vg(vgName));
        ProcessResult created = runner.act(argv);
        // A stranded pool is only looked for when lvcreate fails: lvcreate fails before it changes
        // anything ("Aborting. Failed to locally activate thin pool"), so one retry is safe.
        if (!created.succeeded() && releasedStranded(vgName, poolName)) {
            created = runner.act(argv);
        }
        LvmFailures.require(created, "create thin LV", new VolumeName(vgName, name) + " in pool " + poolName);
    }

    /** Deactivates what strands {@code poolName} (see {@link StrandedPool}); whether anything did. */
    private boolean releasedStranded(String vgName, String poolName) {
        ProcessResult lvs = runner.run(LvmArguments.report(List.of("-a", vgName), "lvs", StrandedPool.FIELDS));
        if (!lvs.succeeded()) {
            return false; // the failure before this one says more
        }
        List<String> stranded = StrandedPool.strandedComponents(lvs.stdout(), vgName, poolName);
        deactivate(vgName, stranded);
        return !stranded.isEmpty();
    }

    @Override
    public void setReadAhead(String vgName, String name, int sectors) {
        if (sectors < 0) {
            throw new IllegalArgumentException("read-ahead must not be negative: " + sectors);
        }
        VolumeName volume = new VolumeName(vgName, name);
        act(
                List.of("lvm", "lvchange", "--readahead", Integer.toString(sectors), LvmArguments.volume(volume)),
                "set read-ahead of",
                volume.toString());
    }

    @Override
    public void discard(String vgName, String name, long offset, long length) {
        if (offset < 0 || length <= 0) {
            throw new IllegalArgumentException("no such range: " + offset + "+" + length);
        }
        VolumeName volume = new VolumeName(vgName, name);
        // LVM has no command for it: the kernel's BLKDISCARD on the LV's device is how a thin LV gives chunks back.
        act(
                List.of(
                        "blkdiscard",
                        "--offset",
                        Long.toString(offset),
                        "--length",
                        Long.toString(length),
                        LvmArguments.device(volume)),
                "discard " + offset + "+" + length + " of",
                volume.toString());
    }

    @Override
    public boolean takesDiscards(String vgName, String name) {
        VolumeName volume = new VolumeName(vgName, name);
        String subject = volume.toString();
        // The kernel's limit for one discard on the device, which it sets to 0 when the device takes none.
        String limit = run(
                        List.of(
                                "lsblk",
                                "--nodeps",
                                "--noheadings",
                                "--bytes",
                                "--output",
                                "DISC-MAX",
                                LvmArguments.device(volume)),
                        "read the discard limit of",
                        subject)
                .strip();
        if (!limit.matches("[0-9]+")) {
            throw VirtTuneException.failed("Could not read the discard limit of " + subject + ": lsblk printed '"
                    + limit + "', not a number of bytes");
        }
        return !limit.matches("0+");
    }

    @Override
    public void remove(String vgName, String name) {
        String subject = new VolumeName(vgName, name).toString();
        String lvs = query(
                List.of("-a", LvmArguments.vg(vgName)),
                "lvs",
                LV_FIELDS + ",lv_parent",
                "the logical volumes of " + vgName);
        LvmReport vgReport = new LvmReport(List.of(), parser.logicalVolumes(lvs), List.of());
        LogicalVolume lv = vgReport.logicalVolume(vgName, LvmArguments.lvName(vgName, name))
                .orElseThrow(() -> VirtTuneException.failed(
                        "Could not remove " + subject + ": the logical volume does not exist"));
        List<LogicalVolume> thins = vgReport.thinVolumesOf(lv);
        if (!thins.isEmpty()) {
            throw VirtTuneException.refused("Refusing to remove thin pool " + subject + ": it still holds "
                    + thins.size() + " thin volume(s) ("
                    + String.join(", ", thins.stream().map(LogicalVolume::name).toList()) + "); remove those first");
        }
        Optional<String> pool = lv.isThinPool() ? Optional.of(lv.name()) : lv.poolName();
        pool.ifPresent(poolName -> deactivate(vgName, StrandedPool.strandedComponents(lvs, vgName, poolName)));
        act(List.of("lvm", "lvremove", "--yes", subject), "remove", subject);
    }

    /** Deactivates the named hidden LVs that strand their pool (see {@link StrandedPool}). */
    private void deactivate(String vgName, List<String> components) {
        for (String component : components) {
            String hidden = new VolumeName(vgName, component).toString();
            act(List.of("lvm", "lvchange", "--activate", "n", hidden), "deactivate", hidden);
        }
    }

    private String query(String command, String fields, String what) {
        return query(List.of(), command, fields, what);
    }

    private String query(List<String> selection, String command, String fields, String what) {
        return run(LvmArguments.report(selection, command, fields), "list", what);
    }

    private String run(List<String> argv, String action, String subject) {
        return LvmFailures.require(runner.run(argv), action, subject).stdout();
    }

    /** A command that changes the host's LVM. */
    private void act(List<String> argv, String action, String subject) {
        LvmFailures.require(runner.act(argv), action, subject);
    }
}

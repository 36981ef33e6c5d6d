package io.virttune.apply;

import static io.virttune.process.ScriptedProcessRunner.command;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.journal.Calibration;
import io.virttune.apply.journal.PoolRoomLedger;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.undo.CalibrationCleanup;
import io.virttune.host.LocalHostDoor;
import io.virttune.process.ProcessIdentity;
import io.virttune.process.ProcessTable;
import io.virttune.process.ScriptedProcessRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * calibrate on a scripted host's LVM: the temporary LV created tagged, written then read with
 * direct I/O, removed on every path, the rates kept; and the refusals that measure nothing.
 */
class VgCalibrationTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    private static final ProcessIdentity SELF = ProcessTable.current();
    private static final String LV = "virt-tune-calibration-" + SELF.token();
    private static final String DEVICE = "/dev/vg_vms/" + LV;
    /** GNU dd's statistics for 1 GiB written in 5.12 s, 200 MiB/s. */
    private static final String WRITTEN =
            "256+0 records in\n256+0 records out\n1073741824 bytes (1.1 GB, 1.0 GiB) copied, 5.12 s, 210 MB/s\n";
    /** dd's read of it, stopped by its time bound after 512 MiB in 1.28 s: 400 MiB/s. */
    private static final String READ =
            "128+0 records in\n128+0 records out\n536870912 bytes (537 MB, 512 MiB) copied, 1.28 s, 419 MB/s\n";

    /** qemu-img bench's 2048 scattered writes of 64 KiB (128 MiB) over the 1 GiB LV in 5.12 s: 25 MiB/s. */
    private static final String SCATTERED = "Sending 2048 write requests, 65536 bytes each, 16 in parallel (starting at"
            + " offset 0, step size 663552000)\nRun completed in 5.120 seconds.\n";

    @TempDir
    Path state;

    private final ScriptedProcessRunner host = new ScriptedProcessRunner();
    private final StringWriter log = new StringWriter();
    private final List<String> printed = new ArrayList<>();
    private String permissions = "writeable";
    /** The VG's free bytes as vgs reports them now: lvcreate and lvremove of a linear LV change them. */
    private long vgFree;
    /** The VG's LVs as lvs reports them now: lvcreate and lvremove change them. */
    private final List<String> lvs = new ArrayList<>();

    private VgCalibrationTest withLvm(long free, String... lvRows) {
        vgFree = free;
        lvs.addAll(List.of(lvRows));
        host.answer(
                        argv -> command("lvm", "vgs").test(argv) && !argv.contains("vg_permissions"),
                        argv -> report(
                                "vg",
                                "{\"vg_name\":\"vg_vms\", \"vg_extent_size\":\"4194304\", \"vg_size\":\"" + 100 * GIB
                                        + "\", \"vg_free\":\"" + vgFree
                                        + "\", \"pv_count\":\"1\", \"lv_count\":\"1\"}"))
                .answer(
                        argv -> argv.contains("vg_permissions"),
                        argv -> report("vg", "{\"vg_permissions\":\"" + permissions + "\"}"))
                .answer(command("lvm", "lvs"), argv -> report("lv", String.join(",", lvs)))
                .answer(command("lvm", "pvs"), argv -> report("pv", ""));
        return this;
    }

    private static String report(String kind, String rows) {
        return "{\"report\": [{\"" + kind + "\": [" + rows + "]}]}";
    }

    private static String lvRow(String name, String segment, String size, String dataPercent, String tags) {
        return "{\"vg_name\":\"vg_vms\", \"lv_name\":\"" + name + "\", \"lv_size\":\"" + size + "\", \"segtype\":\""
                + segment + "\", \"lv_attr\":\"-wi-a-----\", \"lv_read_ahead\":\"auto\", \"pool_lv\":\"\","
                + " \"chunk_size\":\"65536\", \"zero\":\"\", \"data_percent\":\"" + dataPercent + "\","
                + " \"metadata_percent\":\"\", \"lv_metadata_size\":\"\", \"lv_uuid\":\"uuid-" + name + "\","
                + " \"lv_tags\":\"" + tags + "\"}";
    }

    /** lvcreate's reply: the calibration's 1 GiB linear LV is there from then on, in the VG's free space. */
    private ScriptedProcessRunner created() {
        return host.succeed("", () -> {
            lvs.add(lvRow(LV, "linear", Long.toString(GIB), "", "virt-tune,virt-tune-calibration"));
            vgFree -= GIB;
        });
    }

    /** lvremove's reply: the LV {@code name} is gone from then on, a linear one's extents free again. */
    private ScriptedProcessRunner removed(String name) {
        return host.succeed("", () -> {
            for (String row : List.copyOf(lvs)) {
                if (row.contains("\"lv_name\":\"" + name + "\"")) {
                    lvs.remove(row);
                    vgFree += row.contains("\"segtype\":\"linear\"") ? sizeOf(row) : 0;
                }
            }
        });
    }

    private static long sizeOf(String lvRow) {
        Matcher size = Pattern.compile("\"lv_size\":\"(\\d+)\"").matcher(lvRow);
        assertTrue(size.find(), lvRow);
        return Long.parseLong(size.group(1));
    }

    /** How many times the host's whole LVM report was read (vgs, lvs and pvs each time). */
    private long reportsRead() {
        return host.commands().stream()
                .filter(argv -> command("lvm", "vgs").test(argv) && !argv.contains("vg_permissions"))
                .count();
    }

    private Optional<Calibration> measure(boolean execute, String thinPool, long size) {
        return new VgCalibration(ports(execute), new PrintWriter(log, true))
                .measure(new VgCalibration.Target("vg_vms", thinPool, size));
    }

    /** The host's ports, its libvirt the test driver's node {@link #libvirt} (no domain unless a test defines one). */
    private ApplyPorts ports(boolean execute) {
        return ApplyPorts.forHost(
                new LocalHostDoor(host, libvirt == null ? node("") : libvirt, true), state, execute, printed::add);
    }

    /** The libvirt URI a test chose; null for a node with no domain. */
    private String libvirt;

    @TempDir
    Path nodes;

    /** A libvirt test driver node of {@code domains}, written to a file of its own. */
    private String node(String domains) {
        try {
            Path file = Files.createTempFile(
                    Files.createDirectories(state.resolve("..").resolve("nodes")), "node", ".xml");
            return "test://"
                    + Files.writeString(file, "<node>" + domains + "</node>").toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<List<String>> changes() {
        return host.commands().stream()
                .filter(argv -> !command("lvm", "vgs").test(argv)
                        && !command("lvm", "lvs").test(argv)
                        && !command("lvm", "pvs").test(argv))
                .toList();
    }

    @Test
    void writesThenReadsThenScattersWritesOverATaggedLinearVolumeRemovesItAndKeepsTheRates() {
        withLvm(50 * GIB);
        created().reply(0, "", WRITTEN).reply(0, "", READ).reply(0, SCATTERED, "");
        removed(LV);

        Calibration measured = measure(true, null, GIB).orElseThrow();

        List<List<String>> changes = changes();
        assertEquals(5, changes.size(), changes.toString());
        assertEquals(
                List.of("lvm", "lvcreate", "--yes", "--addtag", "virt-tune", "--addtag", "virt-tune-calibration"),
                changes.get(0).subList(0, 7),
                changes.get(0).toString());
        assertTrue(changes.get(0).contains(LV), changes.get(0).toString());
        assertEquals(boundedDd("if=/dev/zero", "of=" + DEVICE, "oflag=direct", "conv=fdatasync"), changes.get(1));
        assertEquals(boundedDd("if=" + DEVICE, "of=/dev/null", "iflag=direct"), changes.get(2));
        // 16384 granules in the 1 GiB LV: each request 10125 granules past the last (0.618 of them, odd:
        // no factor shared with 16384), 2048 of them (128 MiB).
        assertEquals(
                List.of(
                        "env",
                        "LC_ALL=C",
                        "timeout",
                        "--signal=INT",
                        "60",
                        "setpriv",
                        "--pdeathsig",
                        "KILL",
                        "--",
                        "qemu-img",
                        "bench",
                        "-w",
                        "-f",
                        "raw",
                        "-t",
                        "none",
                        "-d",
                        "16",
                        "-s",
                        "65536",
                        "-S",
                        Long.toString(10125L * 65536),
                        "-c",
                        "2048",
                        DEVICE),
                changes.get(3));
        assertEquals(List.of("lvm", "lvremove", "--yes", "vg_vms/" + LV), changes.get(4));
        assertEquals(200 * MIB, measured.writeBytesPerSecond());
        assertEquals(400 * MIB, measured.readBytesPerSecond());
        assertEquals(512 * MIB, measured.readBytes());
        assertEquals(128 * MIB, measured.scatteredWrittenBytes());
        assertEquals(25 * MIB, measured.scatteredWriteBytesPerSecond());
        assertEquals(Optional.of(measured), new StateDirectory(state).calibration("vg_vms", null));
        assertEquals(List.of(), lvs);
    }

    @Test
    void aDryRunPrintsWhatItWouldCreateRunAndRemoveAndKeepsNothing() {
        withLvm(50 * GIB);

        assertEquals(Optional.empty(), measure(false, null, GIB));

        assertEquals(List.of(), changes());
        assertEquals(4, printed.size(), printed.toString());
        assertTrue(printed.get(0).startsWith("$ lvm lvcreate --yes --addtag virt-tune"), printed.toString());
        assertTrue(printed.get(1).contains(" dd if=/dev/zero of=" + DEVICE + " oflag=direct"), printed.toString());
        assertTrue(printed.get(2).contains(" dd if=" + DEVICE + " of=/dev/null iflag=direct"), printed.toString());
        assertTrue(printed.get(3).contains(" qemu-img bench -w -f raw -t none -d 16 -s 65536"), printed.toString());
        assertTrue(log.toString().startsWith("Would create vg_vms/" + LV + ", 1 GiB linear"), log.toString());
        assertTrue(log.toString().contains("then remove it"), log.toString());
        assertEquals(Optional.empty(), new StateDirectory(state).calibration("vg_vms", null));
    }

    @Test
    void theVolumeIsRemovedWhenAPassFailsAndNothingIsKept() {
        withLvm(50 * GIB);
        created().fail(1, "dd: error writing '" + DEVICE + "': Input/output error");
        removed(LV);

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, null, GIB));

        assertTrue(e.getMessage().contains("Could not write " + DEVICE + " with dd"), e.getMessage());
        List<List<String>> changes = changes();
        assertEquals(List.of("lvm", "lvremove", "--yes", "vg_vms/" + LV), changes.get(changes.size() - 1));
        assertEquals(Optional.empty(), new StateDirectory(state).calibration("vg_vms", null));
        assertEquals(List.of(), lvs);
    }

    @Test
    void aVolumeThatCannotBeRemovedIsSaidWithWhatToDo() {
        withLvm(50 * GIB);
        created()
                .reply(0, "", WRITTEN)
                .reply(0, "", READ)
                .reply(0, SCATTERED, "")
                .fail(5, "Logical volume vg_vms/" + LV + " in use.");

        measure(true, null, GIB).orElseThrow();

        assertTrue(
                log.toString()
                        .contains("Could not remove the calibration's temporary LV vg_vms/" + LV + ": Could not remove"
                                + " vg_vms/" + LV + ":"),
                log.toString());
        assertTrue(
                log.toString().contains("the next calibrate of vg_vms removes it, or: lvremove vg_vms/" + LV),
                log.toString());
    }

    /**
     * An LV lvm keeps because it is still open when the passes end (a dd a signal stopped too late, a
     * guest's QEMU) is said open, with how to find what holds it, where lvm's "in use" was all the
     * operator read; what was measured is kept.
     */
    @Test
    void aVolumeLvmKeepsOpenIsSaidOpenWithHowToFindWhatHoldsIt() {
        withLvm(50 * GIB);
        created().reply(0, "", WRITTEN).reply(0, "", READ);
        host.succeed(SCATTERED, () -> lvs.replaceAll(row -> row.replace("-wi-a-----", "-wi-ao----")))
                .fail(5, "  Logical volume vg_vms/" + LV + " in use.");

        measure(true, null, GIB).orElseThrow();

        assertEquals(
                List.of("lvm", "lvremove", "--yes", "vg_vms/" + LV), changes().get(4));
        assertTrue(
                log.toString()
                        .contains("Kept the calibration's temporary LV vg_vms/" + LV + ": its device is open (lv_attr"
                                + " -wi-ao----), by something virt-tune cannot name (fuser -v " + DEVICE + " finds a"
                                + " process, lsblk " + DEVICE + " a device stacked on it), and lvm removes no open"
                                + " LV (virt-tune never forces it); once that has let it go, the next calibrate of"
                                + " vg_vms removes it, or: lvremove vg_vms/" + LV + "\n"),
                log.toString());
        assertTrue(new StateDirectory(state).calibration("vg_vms", null).isPresent(), "what it measured is kept");
    }

    @Test
    void aMissingVolumeGroupIsRefusedNamingIt() {
        host.answer(command("lvm", "vgs"), argv -> report("vg", ""))
                .answer(command("lvm", "lvs"), argv -> report("lv", ""))
                .answer(command("lvm", "pvs"), argv -> report("pv", ""));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, null, GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().startsWith("no volume group 'vg_vms' on this host"), e.getMessage());
        assertEquals(List.of(), changes());
    }

    @Test
    void aReadOnlyVolumeGroupIsRefusedSayingHowToAllowIt() {
        permissions = "read-only";
        withLvm(50 * GIB);

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, null, GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(
                e.getMessage().startsWith("volume group vg_vms is read-only: a calibration creates and writes"),
                e.getMessage());
        assertTrue(e.getMessage().contains("vgchange --permission rw vg_vms"), e.getMessage());
        assertEquals(List.of(), changes());
    }

    @Test
    void tooLittleFreeSpaceIsRefusedAndNothingIsCreated() {
        withLvm(512 * MIB);

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, null, GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertEquals(
                "volume group vg_vms has 512 MiB free, and a calibration writes 1 GiB to a temporary LV in it: free"
                        + " some space, or pass a smaller --size (at least 64 MiB); nothing was measured",
                e.getMessage());
        assertEquals(List.of(), changes());
    }

    @Test
    void aThinPoolWithTooLittleFreeDataIsRefused() {
        withLvm(50 * GIB, lvRow("pool", "thin-pool", Long.toString(2 * GIB), "75.00", ""));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, "pool", GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().startsWith("thin pool vg_vms/pool has 511.9 MiB of data free"), e.getMessage());
        assertEquals(List.of(), changes());
    }

    /**
     * The pool's free data is not all the calibration's: what apply's copies running on the host hold
     * in the pool's room ledger is theirs, and a calibration that would take it is refused.
     */
    @Test
    void aThinCalibrationIsRefusedWhileTheHostsCopiesHoldThePoolsRoom() {
        withLvm(50 * GIB, lvRow("pool", "thin-pool", Long.toString(2 * GIB), "25.00", ""));
        hold("vg_vms/pool", GIB);

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, "pool", GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertEquals(
                "thin pool vg_vms/pool has 1.5 GiB of data free, besides 1024 MiB the copies running on this host"
                        + " now will write, and a calibration writes 1 GiB to a temporary thin LV in it: a full pool"
                        + " stops every thin LV in it; pass a smaller --size (at least 64 MiB) or extend the pool;"
                        + " nothing was measured",
                e.getMessage());
        assertEquals(List.of(), changes());
    }

    /**
     * A copy that ends after calibrate read the pool and before it books its LV gives its room back
     * with its data written: that data is in the pool's usage only as lvs reports it now, which the
     * booking reads under the pool's lock.
     */
    @Test
    void aCopyThatEndedSinceCalibrateReadThePoolIsCountedInThePoolsUsageNow() {
        String empty = lvRow("pool", "thin-pool", Long.toString(4 * GIB), "0.00", "");
        withLvm(50 * GIB, empty);
        hold("vg_vms/pool", 3 * GIB);
        host.observe(argv -> {
            if (argv.contains("vg_permissions")) {
                lvs.set(lvs.indexOf(empty), empty.replace("\"data_percent\":\"0.00\"", "\"data_percent\":\"75.00\""));
                release("vg_vms/pool");
            }
        });

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, "pool", GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().startsWith("thin pool vg_vms/pool has 1023.8 MiB of data free, and"), e.getMessage());
        assertEquals(List.of(), changes());
    }

    /**
     * The calibration's thin LV is booked whole in the pool's room ledger while it is written, so an
     * apply beside it counts it, and given back once the LV is removed.
     */
    @Test
    void aThinCalibrationBooksItsWholeVolumeInThePoolUntilItIsRemoved() {
        withLvm(50 * GIB, lvRow("pool", "thin-pool", Long.toString(4 * GIB), "0.00", ""));
        List<Long> heldWhileWriting = new ArrayList<>();
        host.observe(argv -> {
            if (argv.contains("oflag=direct")) {
                heldWhileWriting.add(held("vg_vms/pool"));
            }
        });
        created().reply(0, "", WRITTEN).reply(0, "", READ).reply(0, SCATTERED, "");
        removed(LV);

        measure(true, "pool", GIB);

        assertEquals(List.of(GIB), heldWhileWriting);
        assertEquals(0, held("vg_vms/pool"));
    }

    /** An inactive pool's usage is unknown: refused naming it inactive and how to activate it, not "0 B free". */
    @Test
    void anInactivePoolIsRefusedNamingItInactive() {
        withLvm(50 * GIB, lvRow("pool", "thin-pool", Long.toString(4 * GIB), "", ""));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, "pool", GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertEquals(
                "thin pool vg_vms/pool is inactive: lvs reports no usage of it, so its free space is unknown and"
                        + " counts as none; activate it (lvchange -ay vg_vms/pool), then calibrate again; nothing"
                        + " was measured",
                e.getMessage());
        assertEquals(List.of(), changes());
    }

    /** A pool with data to spare but its metadata nearly full cannot map the LV's chunks: refused, naming the metadata. */
    @Test
    void aThinPoolWhoseMetadataCannotMapTheVolumeIsRefused() {
        withLvm(
                50 * GIB,
                lvRow("pool", "thin-pool", Long.toString(100 * GIB), "1.00", "")
                        .replace("\"metadata_percent\":\"\"", "\"metadata_percent\":\"99.90\"")
                        .replace("\"lv_metadata_size\":\"\"", "\"lv_metadata_size\":\"" + 4 * MIB + "\""));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, "pool", GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(
                e.getMessage()
                        .startsWith("Refusing to create the calibration's temporary thin LV vg_vms/" + LV
                                + ", 1 GiB: mapping its 1024 MiB takes about 1 MiB of metadata in thin pool"
                                + " vg_vms/pool"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("; nothing was measured"), e.getMessage());
        assertEquals(List.of(), changes());
    }

    /** Books {@code bytes} of {@code pool}'s data for a copy of this process, as a running apply does. */
    private void hold(String pool, long bytes) {
        new StateDirectory(state)
                .poolRoom()
                .underLock(
                        pool,
                        entries -> entries.put(
                                "apply-copy",
                                PoolRoomLedger.Entry.ofThisProcess("web01", "copy web01's disk", bytes, 0)));
    }

    /** Gives back the room {@link #hold} booked in {@code pool}, as a copy that ended does. */
    private void release(String pool) {
        new StateDirectory(state).poolRoom().underLock(pool, entries -> entries.remove("apply-copy"));
    }

    /** The data bytes the host's pool-room ledger holds in {@code pool} now. */
    private long held(String pool) {
        return new StateDirectory(state)
                .poolRoom()
                .underLock(pool, entries -> PoolRoomLedger.held(entries).dataBytes());
    }

    @Test
    void aKilledCalibrationsVolumeIsRemovedBeforeMeasuring() {
        String left = "virt-tune-calibration-2147483647";
        withLvm(50 * GIB, lvRow(left, "linear", Long.toString(GIB), "", "virt-tune,virt-tune-calibration"));
        removed(left);
        created().reply(0, "", WRITTEN).reply(0, "", READ).reply(0, SCATTERED, "");
        removed(LV);

        measure(true, null, GIB);

        assertEquals(
                List.of("lvm", "lvremove", "--yes", "vg_vms/" + left), changes().get(0));
        assertTrue(
                log.toString()
                        .contains("remove vg_vms/" + left + ", left by a calibration whose virt-tune (pid 2147483647,"
                                + " recorded without its start time: judged by its pid alone) no longer runs"),
                log.toString());
        assertEquals(List.of(), lvs);
    }

    @Test
    void theSpaceAKilledCalibrationsVolumeHeldIsMeasuredOnceItIsRemoved() {
        String left = "virt-tune-calibration-2147483647";
        withLvm(0, lvRow(left, "linear", Long.toString(GIB), "", "virt-tune,virt-tune-calibration"));
        removed(left);
        created().reply(0, "", WRITTEN).reply(0, "", READ).reply(0, SCATTERED, "");
        removed(LV);

        Calibration measured = measure(true, null, GIB).orElseThrow();

        assertEquals(200 * MIB, measured.writeBytesPerSecond());
        assertEquals(
                List.of("lvm", "lvremove", "--yes", "vg_vms/" + left), changes().get(0));
        assertEquals(3, reportsRead(), "read again once the leftover was removed: " + host.commands());
        assertEquals(List.of(), lvs);
    }

    /** A dry run reads the room a killed calibration's LV holds as the run would, once it removed it. */
    @Test
    void aDryRunCountsTheRoomAKilledCalibrationsVolumeWouldGiveBack() {
        String left = "virt-tune-calibration-2147483647";
        withLvm(0, lvRow(left, "linear", Long.toString(GIB), "", "virt-tune,virt-tune-calibration"));

        assertEquals(Optional.empty(), measure(false, null, GIB));

        assertEquals(List.of(), changes());
        assertTrue(log.toString().contains("would remove vg_vms/" + left + ", left by a calibration"), log.toString());
        assertTrue(log.toString().contains("Would create vg_vms/" + LV + ", 1 GiB linear"), log.toString());
    }

    /** In a thin pool, what the killed calibration's thin LV holds of the pool's data, not its size. */
    @Test
    void aDryRunCountsTheDataAKilledCalibrationsThinVolumeHoldsInThePool() {
        String left = "virt-tune-calibration-2147483647";
        // The pool's 2 GiB 75% used (512 MiB free), 768 MiB of it the leftover's: 1.25 GiB free once it is gone.
        withPoolAndLeftover(left, "75.00");

        assertEquals(Optional.empty(), measure(false, "pool", GIB));

        assertTrue(log.toString().contains("would remove vg_vms/" + left), log.toString());
        assertTrue(log.toString().contains("Would create vg_vms/" + LV + ", 1 GiB thin in pool"), log.toString());
    }

    /**
     * What the leftover holds is counted, not more: a calibration it would still not make room for is
     * refused, naming the pool's free data and the leftover's apart, both of which it counted.
     */
    @Test
    void aDryRunStillRefusesACalibrationTheLeftoversRoomDoesNotMakeRoomFor() {
        String left = "virt-tune-calibration-2147483647";
        withPoolAndLeftover(left, "25.00");

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(false, "pool", GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertEquals(
                "thin pool vg_vms/pool has 511.9 MiB of data free and 256 MiB more once the leftover calibration LV"
                        + " vg_vms/" + left + " is removed, and a calibration writes 1 GiB to a temporary thin LV in"
                        + " it: a full pool stops every thin LV in it; pass a smaller --size (at least 64 MiB) or"
                        + " extend the pool; nothing was measured",
                e.getMessage());
    }

    /** A linear leftover too small to make room: the refusal names the VG's free extents and the leftover's apart. */
    @Test
    void aDryRunRefusesACalibrationALinearLeftoverDoesNotMakeRoomForNamingBothRooms() {
        String left = "virt-tune-calibration-2147483647";
        withLvm(256 * MIB, lvRow(left, "linear", Long.toString(512 * MIB), "", "virt-tune,virt-tune-calibration"));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(false, null, GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertEquals(
                "volume group vg_vms has 256 MiB free and 512 MiB more once the leftover calibration LV vg_vms/"
                        + left + " is removed, and a calibration writes 1 GiB to a temporary LV in it: free some"
                        + " space, or pass a smaller --size (at least 64 MiB); nothing was measured",
                e.getMessage());
        assertEquals(List.of(), changes());
    }

    /** A 2 GiB thin pool 75% used, and in it a killed calibration's 1 GiB thin LV {@code left}, {@code percent} used. */
    private void withPoolAndLeftover(String left, String percent) {
        String thin = lvRow(left, "thin", Long.toString(GIB), percent, "virt-tune,virt-tune-calibration")
                .replace("\"pool_lv\":\"\"", "\"pool_lv\":\"pool\"");
        withLvm(50 * GIB, lvRow("pool", "thin-pool", Long.toString(2 * GIB), "75.00", ""), thin);
    }

    /** A leftover lvm would not remove stays, and calibrate says why, where it went on without a word. */
    @Test
    void aKilledCalibrationsVolumeThatCannotBeRemovedIsSaidWithWhy() {
        String left = "virt-tune-calibration-2147483647";
        withLvm(50 * GIB, lvRow(left, "linear", Long.toString(GIB), "", "virt-tune,virt-tune-calibration"));
        host.fail(5, "  Logical volume vg_vms/" + left + " contains a filesystem in use.");
        created().reply(0, "", WRITTEN).reply(0, "", READ).reply(0, SCATTERED, "");
        removed(LV);

        measure(true, null, GIB).orElseThrow();

        assertTrue(
                log.toString().contains("keep vg_vms/" + left + ": removing it failed (")
                        && log.toString().contains("contains a filesystem in use"),
                log.toString());
        assertEquals(2, reportsRead(), "nothing removed, nothing to read again: " + host.commands());
    }

    @Test
    void theReportIsNotReadAgainWhenNoCalibrationLeftAVolume() {
        withLvm(50 * GIB);
        created().reply(0, "", WRITTEN).reply(0, "", READ).reply(0, SCATTERED, "");
        removed(LV);

        measure(true, null, GIB).orElseThrow();

        assertEquals(2, reportsRead(), "calibrate's and the leftovers' search: " + host.commands());
    }

    @Test
    void aKilledCalibrationsVolumeADomainNamesIsKeptByCalibrateThenByCleanup() {
        String left = "virt-tune-calibration-2147483647";
        withLvm(50 * GIB, lvRow(left, "linear", Long.toString(GIB), "", "virt-tune,virt-tune-calibration"));
        // An operator attached the leftover to a guest by hand: its bytes may be that guest's now.
        libvirt = node("<domain type='test'><name>web02</name><memory unit='MiB'>64</memory>"
                + "<os><type arch='x86_64'>hvm</type></os><devices><disk type='block' device='disk'>"
                + "<driver name='qemu' type='raw'/><source dev='/dev/vg_vms/" + left + "'/><target dev='vdb'/>"
                + "</disk></devices></domain>");
        created().reply(0, "", WRITTEN).reply(0, "", READ).reply(0, SCATTERED, "");
        removed(LV);

        measure(true, null, GIB);
        assertNamedLvStays(left);
        assertTrue(log.toString().contains("keep vg_vms/" + left + ": [custody: in-use]"), log.toString());
        assertEquals(2, reportsRead(), "nothing removed, nothing to read again: " + host.commands());

        new CalibrationCleanup(ports(true), new PrintWriter(log, true)).run();
        assertNamedLvStays(left);
    }

    @Test
    void aKilledCalibrationsVolumeIsKeptWhenTheDomainsDefinitionsCannotBeRead() {
        String left = "virt-tune-calibration-2147483647";
        withLvm(50 * GIB, lvRow(left, "linear", Long.toString(GIB), "", "virt-tune,virt-tune-calibration"));
        libvirt = "test://" + state.resolve("no-such-node.xml");
        created().reply(0, "", WRITTEN).reply(0, "", READ).reply(0, SCATTERED, "");
        removed(LV);

        measure(true, null, GIB);

        assertNamedLvStays(left);
        assertTrue(
                log.toString()
                        .contains("keep vg_vms/" + left + ": [custody: in-use] cannot be checked, the domains'"
                                + " definitions could not be read ("),
                log.toString());
        assertTrue(
                log.toString()
                        .contains("once libvirt answers, the next virt-tune calibrate --vg vg_vms --execute (or"
                                + " --thin-pool vg_vms/POOL) aborts a guest's mirror into it and removes it; so does"
                                + " virt-tune cleanup --all --execute, but that also removes the source images of"
                                + " every completed migration"),
                log.toString());
    }

    /** The oracle: an LV a domain's definition names is never removed, by whichever command. */
    private void assertNamedLvStays(String name) {
        assertTrue(lvs.stream().anyMatch(row -> row.contains("\"lv_name\":\"" + name + "\"")), lvs.toString());
        assertTrue(
                host.commands().stream().noneMatch(argv -> argv.contains("vg_vms/" + name)),
                host.commands().toString());
    }

    @Test
    void aCalibrationStillRunningIsNotDisturbed() {
        withLvm(50 * GIB, lvRow(LV, "linear", Long.toString(GIB), "", "virt-tune,virt-tune-calibration"));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, null, GIB));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().startsWith("another virt-tune calibrate (" + SELF.describe() + ")"), e.getMessage());
        assertEquals(List.of(), changes());
    }

    @Test
    void aSizeTooSmallToTimeADeviceByIsAUsageError() {
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> measure(true, null, MIB));

        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals(List.of(), host.commands());
    }

    /** dd as a pass runs it: under a 60 s bound, killed with virt-tune, 256 requests of 4 MiB. */
    private static List<String> boundedDd(String... words) {
        List<String> argv = new ArrayList<>(List.of(
                "env", "LC_ALL=C", "timeout", "--signal=INT", "60", "setpriv", "--pdeathsig", "KILL", "--", "dd"));
        argv.addAll(List.of(words));
        argv.addAll(List.of("bs=4194304", "count=256"));
        return argv;
    }
}

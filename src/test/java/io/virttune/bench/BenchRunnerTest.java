package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.libvirt.DomainState;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** A bench run against guest-agent replies and diskstats samples recorded in the lab (lab/record.sh). */
class BenchRunnerTest {
    private static final Instant NOW = Instant.parse("2026-11-30T00:37:00Z");
    private static final BenchSettings ON_SDA =
            new BenchSettings(ProfileSet.QUICK, 32L << 20, 3, 1, BenchTarget.scratchDevice("/dev/sda"), "fio");

    /** The lab's host side: the qcow2's filesystem on dm-0, sampled before and after the guest's fio. */
    private static final class RecordedHost implements HostCounters {
        private final Deque<String> samples = new ArrayDeque<>(List.of("lab/diskstats.before", "lab/diskstats.after"));
        final List<DiskFingerprint> asked = new ArrayList<>();

        @Override
        public Optional<String> device(DiskFingerprint disk) {
            asked.add(disk);
            return Optional.of(Recorded.text("lab/diskstats.device").strip());
        }

        @Override
        public DiskStatsSample sample() {
            return DiskStatsSample.parse(Recorded.text(samples.remove()));
        }
    }

    private final List<String> log = new ArrayList<>();
    private final RecordedHost host = new RecordedHost();

    private BenchResult run(RecordedGuest guest, BenchSettings settings) {
        // A runner with no replies fails the test on any command: no host ceiling was asked for.
        HostCeiling noCeiling =
                new HostCeiling(new io.virttune.process.ScriptedProcessRunner(), HostScratchDeviceTest.NOTHING_CLAIMS);
        return new BenchRunner(guest, host, noCeiling, Duration.ZERO, Clock.fixed(NOW, ZoneOffset.UTC), log::add)
                .run(new BenchRequest("vt-record", "before", settings, null, null));
    }

    /** The lab's fio run of the four quick sections, replayed as four fio runs of one section each. */
    private static RecordedGuest fioOnSda() {
        return RecordedGuest.lab()
                .agentWithFioOnItsDevice()
                .fioPerSection("lab/exec-fio.json", "lab/status-fio.json")
                .blankedAgain();
    }

    @Test
    void runsFioInTheGuestAndReadsTheHostDevice() {
        RecordedGuest guest = fioOnSda();

        BenchResult result = run(guest, ON_SDA);

        assertEquals(
                List.of("seq1m_q8t1_read", "seq1m_q8t1_write", "rnd4k_q32t1_read", "rnd4k_q32t1_write"),
                result.profiles().stream().map(ProfileResult::name).toList());
        assertEquals(
                1258,
                Math.round(
                        result.profile("rnd4k_q32t1_read").orElseThrow().read().iops()));
        assertEquals(
                1354,
                Math.round(result.profile("rnd4k_q32t1_write")
                        .orElseThrow()
                        .write()
                        .iops()));
        assertNull(result.profile("rnd4k_q32t1_read").orElseThrow().write());
        assertEquals("fio-3.33", result.fioVersion());
        assertEquals(NOW.toString(), result.time());
        assertEquals(
                "sda: sata, qcow2 file, cache=default io=default discard=default, IOThread none",
                result.disk().describe());
        assertEquals("/run/images/disk.qcow2", host.asked.get(0).source());
        IostatFigures dm0 = result.host().device();
        assertEquals("dm-0", dm0.device());
        assertEquals(66.13 - 52.53, dm0.seconds(), 1e-9);
        assertEquals((976 - 961) / dm0.seconds(), dm0.writesPerSecond(), 1e-9);
        List<String> perSection = List.of("guest-exec", "guest-exec-status", "guest-exec-status");
        List<String> expected = new ArrayList<>(List.of(
                "guest-ping",
                "guest-exec",
                "guest-exec-status",
                "guest-exec",
                "guest-exec-status",
                "guest-exec",
                "guest-exec-status"));
        ProfileSet.QUICK.sections().forEach(section -> expected.addAll(perSection));
        expected.addAll(List.of("guest-exec", "guest-exec-status"));
        assertEquals(
                expected, guest.executed(), "one fio run per section; no rm: the target is a device, zeroed again");
        assertEquals(
                List.of(
                        "bench: guest seq1m_q8t1_read run 1/1",
                        "bench: guest seq1m_q8t1_write run 1/1",
                        "bench: guest rnd4k_q32t1_read run 1/1",
                        "bench: guest rnd4k_q32t1_write run 1/1"),
                log.subList(1, 5));
    }

    @Test
    void aDeviceFioWroteIsZeroedAgainInItsFirstMibSoTheNextBenchFindsItBlank() {
        RecordedGuest guest = fioOnSda();

        run(guest, ON_SDA);

        JsonNode last = guest.sent.get(guest.sent.size() - 2).path("arguments");
        assertEquals(
                List.of("-c", "dd if=/dev/zero of=\"$1\" bs=65536 count=16 2>/dev/null && sync", "sh", "/dev/sda"),
                texts(last.path("arg")));
    }

    @Test
    void sendsTheBundledJobFileOnStdinAndTheSettingsAsEnvironment() {
        RecordedGuest guest = fioOnSda();

        run(guest, ON_SDA);

        JsonNode exec = guest.sent.get(7).path("arguments");
        assertEquals("fio", exec.path("path").asText());
        assertEquals(List.of("--output-format=json", "--section=seq1m_q8t1_read", "-"), texts(exec.path("arg")));
        assertEquals(
                List.of("--output-format=json", "--section=rnd4k_q32t1_write", "-"),
                texts(guest.sent.get(7 + 3 * 3).path("arguments").path("arg")));
        assertEquals(List.of("VT_FILE=/dev/sda", "VT_SIZE=33554432", "VT_RUNTIME=3"), texts(exec.path("env")));
        String stdin =
                new String(Base64.getDecoder().decode(exec.path("input-data").asText()), StandardCharsets.UTF_8);
        assertEquals(FioJobFile.bundled().text(), stdin);
        assertTrue(exec.path("capture-output").asBoolean());
    }

    @Test
    void aShutOffDomainIsRefusedBeforeTheAgentIsAsked() {
        RecordedGuest guest = new RecordedGuest(Recorded.text("lab/running-domain.xml"), DomainState.SHUTOFF);

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

        assertEquals("domain 'vt-record' is shut off; bench measures a running guest: start it first", e.getMessage());
        assertTrue(guest.sent.isEmpty());
    }

    @Test
    void aDomainWithoutAnAgentChannelIsAClearFailure() {
        String withoutChannel = Recorded.text("lab/running-domain.xml").replaceAll("(?s)<channel.*?</channel>", "");
        RecordedGuest guest = new RecordedGuest(withoutChannel, DomainState.RUNNING);

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

        assertEquals(ExitCode.FAILED, e.exitCode());
        assertTrue(
                e.getMessage()
                        .startsWith("domain 'vt-record' has no QEMU guest agent channel; add <channel"
                                + " type='unix'><target type='virtio' name='org.qemu.guest_agent.0'/>"),
                e.getMessage());
        assertTrue(guest.sent.isEmpty());
    }

    @Test
    void anAgentThatDoesNotAnswerIsAClearFailure() {
        RecordedGuest guest = RecordedGuest.lab().fail("guest-ping", "lab/ping-not-connected.stderr");

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

        assertEquals(
                "guest agent of domain 'vt-record': Guest agent is not responding: QEMU guest agent is not"
                        + " connected (is qemu-guest-agent installed and running in the guest? on Windows, the QEMU Guest Agent"
                        + " service from the virtio-win ISO)",
                e.getMessage());
    }

    @Test
    void noFioInTheGuestIsAClearFailure() {
        RecordedGuest guest = RecordedGuest.lab()
                .reply("guest-ping", "lab/ping.json")
                .guestPrints("sda 524288\n")
                .guestPrints(RecordedGuest.UNUSED_BLANK)
                .fail("guest-exec", "lab/exec-missing.stderr");
        BenchSettings elsewhere = new BenchSettings(
                ProfileSet.QUICK, 32L << 20, 3, 1, BenchTarget.scratchDevice("/dev/sda"), "/nonexistent/fio");

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, elsewhere));

        assertTrue(e.getMessage().startsWith("no fio at '/nonexistent/fio' in domain 'vt-record': "), e.getMessage());
        assertTrue(
                e.getMessage()
                        .contains("Failed to execute child process “/nonexistent/fio” (No such file or directory)"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("(install fio in the guest, or give its path with --fio)"), e.getMessage());
        assertEquals(
                "/nonexistent/fio",
                guest.sent.get(5).path("arguments").path("path").asText());
    }

    @Test
    void fioFailingInTheGuestIsAClearFailureWithItsError() {
        RecordedGuest guest = RecordedGuest.lab()
                .agentWithFioOnItsDevice()
                .reply("guest-exec", "lab/exec-fio-fail.json")
                .reply("guest-exec-status", "lab/status-fio-fail.json")
                .blankedAgain();

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

        assertEquals(
                "fio failed in domain 'vt-record' with exit code 1 on /dev/sda: fio: pid=0,"
                        + " err=1/file:filesetup.c:150, func=unlink, error=Operation not permitted",
                e.getMessage());
    }

    @Test
    void aDeviceThatIsAnotherDiskInTheGuestIsNeverWritten() {
        // The lab's case: libvirt's sda (256 MiB) is the guest's sdb, and the guest's sda another disk.
        RecordedGuest guest =
                RecordedGuest.lab().reply("guest-ping", "lab/ping.json").guestPrints("sda 131072\nsdb 524288\n");

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertEquals(
                "bench does not overwrite this disk of domain 'vt-record': it is not proven to be the one named:"
                        + " /dev/sda is not disk sda in the guest: /dev/sdb is, by its size and bus (the guest names its disks in its"
                        + " own order, not by libvirt's target) (rule: bench writes only a scratch device proven to be the disk named"
                        + " and to hold nothing); nothing was written; bench with --file on a filesystem of the guest instead",
                e.getMessage());
        assertEquals(List.of("guest-ping", "guest-exec", "guest-exec-status"), guest.executed(), "no fio ran");
    }

    @Test
    void aGuestWhoseDiskListCannotBeReadIsNotWrittenTo() {
        RecordedGuest guest =
                RecordedGuest.lab().reply("guest-ping", "lab/ping.json").guestExits(127, "sh: not found");

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(
                e.getMessage().contains("the guest does not list its disks (sh exited 127: sh: not found)"),
                e.getMessage());
    }

    @Test
    void aScratchDeviceInUseOrHoldingDataIsNeverWritten() {
        for (String said : List.of("mounted on /srv\nhead\n", "held by dm-0\nhead\n", "swap /dev/sda2\nhead\n")) {
            RecordedGuest guest = RecordedGuest.lab()
                    .reply("guest-ping", "lab/ping.json")
                    .guestPrints("sda 524288\n")
                    .guestPrints(said);

            VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

            assertEquals(ExitCode.REFUSED, e.exitCode());
            assertTrue(
                    e.getMessage()
                            .contains(": /dev/sda is in use in the guest: "
                                    + said.lines().findFirst().orElseThrow()),
                    e.getMessage());
            assertEquals(5, guest.executed().size(), "no fio ran");
        }
    }

    @Test
    void aScratchDeviceBeginningWithAPartitionTableOrAFilesystemHoldsData() {
        Map<Integer, String> signatures = Map.of(510, "55 aa", 512, "45 46 49 20 50 41 52 54", 1080, "53 ef");
        Map<Integer, String> what =
                Map.of(510, "a DOS partition table", 512, "a GPT partition table", 1080, "an ext2/3/4 filesystem");
        for (Map.Entry<Integer, String> signature : signatures.entrySet()) {
            RecordedGuest guest = RecordedGuest.lab()
                    .reply("guest-ping", "lab/ping.json")
                    .guestPrints("sda 524288\n")
                    .guestPrints(withBytesAt(signature.getKey(), signature.getValue()));

            VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

            assertEquals(ExitCode.REFUSED, e.exitCode());
            assertTrue(
                    e.getMessage().contains(": /dev/sda holds data: it begins with " + what.get(signature.getKey())),
                    e.getMessage());
        }
    }

    @Test
    void aScratchDeviceWhoseFirstMibIsNotZerosHoldsDataWhateverItsHeadSays() {
        // A whole-disk btrfs: its first 64 KiB are zeros, its superblock's magic lies at 64 KiB.
        RecordedGuest guest = RecordedGuest.lab()
                .reply("guest-ping", "lab/ping.json")
                .guestPrints("sda 524288\n")
                .guestPrints(RecordedGuest.UNUSED_BLANK.replace("rest 1048576 0", "rest 1048576 12"));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().contains(": /dev/sda holds data: its first MiB is not all zeros"), e.getMessage());
        assertEquals(5, guest.executed().size(), "no fio ran");
    }

    @Test
    void aScratchDeviceMountedAsBtrfsIsInUseByItsMountSource() {
        RecordedGuest guest = RecordedGuest.lab()
                .reply("guest-ping", "lab/ping.json")
                .guestPrints("sda 524288\n")
                .guestPrints("mounted from /dev/sda\n" + RecordedGuest.UNUSED_BLANK);

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

        assertTrue(e.getMessage().contains(": /dev/sda is in use in the guest: mounted from /dev/sda"), e.getMessage());
    }

    @Test
    void aScratchDeviceWhoseStartTheGuestCannotShowIsNotWrittenTo() {
        RecordedGuest guest = RecordedGuest.lab()
                .reply("guest-ping", "lab/ping.json")
                .guestPrints("sda 524288\n")
                .guestPrints("head\nunread\n");

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

        assertTrue(e.getMessage().contains("the guest does not show the start of /dev/sda"), e.getMessage());
    }

    /** The guest's answer for an unused device of zeros but for {@code hex} (od's words) at {@code offset}. */
    private static String withBytesAt(int offset, String hex) {
        String[] words = RecordedGuest.UNUSED_BLANK
                .substring("head\n".length(), RecordedGuest.UNUSED_BLANK.indexOf("rest"))
                .replace("\n", "")
                .trim()
                .split(" +");
        String[] bytes = hex.split(" ");
        System.arraycopy(bytes, 0, words, offset, bytes.length);
        return "head\n " + String.join(" ", words) + "\n";
    }

    @Test
    void aScratchDeviceOfTheSameSizeAsAnotherDiskCannotBeToldApart() {
        RecordedGuest guest = new RecordedGuest(
                        withSecondDisk(
                                "<disk type='file' device='disk'><driver name='qemu'"
                                        + " type='qcow2'/><source file='/run/images/other.qcow2'/><target dev='sdb' bus='sata'/></disk>"),
                        DomainState.RUNNING)
                .capacity("sda", 256L << 20)
                .capacity("sdb", 256L << 20)
                .reply("guest-ping", "lab/ping.json");

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(guest, ON_SDA));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(
                e.getMessage().contains(": disk sda cannot be told from disk sdb of the same size (256 MiB)"),
                e.getMessage());
        assertEquals(List.of("guest-ping"), guest.executed(), "nothing run in the guest");
    }

    @Test
    void aDiskOfTheSameSizeOnABusTheGuestNamesOtherwiseStillTellsApart() {
        // scripts/bench/guest-io.sh's guest: sda on SATA and vda on virtio, both of one size.
        RecordedGuest guest = new RecordedGuest(
                        withSecondDisk("<disk type='block' device='disk'><driver name='qemu'"
                                + " type='raw'/><source dev='/dev/vt/lv'/><target dev='vda' bus='virtio'/></disk>"),
                        DomainState.RUNNING)
                .capacity("sda", 256L << 20)
                .capacity("vda", 256L << 20)
                .agentWithFioOnItsDevice()
                .fioPerSection("lab/exec-fio.json", "lab/status-fio.json")
                .blankedAgain();

        BenchResult result = run(guest, ON_SDA);

        assertEquals("/dev/sda", result.target());
    }

    @Test
    void aScratchDiskIsFoundInTheGuestByItsSizeWhateverTheGuestCallsIt() {
        // libvirt's sda (256 MiB) is the guest's sdb; its sda is another device, of 64 MiB.
        RecordedGuest guest = RecordedGuest.lab()
                .reply("guest-ping", "lab/ping.json")
                .guestPrints("sda 131072\nsdb 524288\n")
                .guestPrints(RecordedGuest.UNUSED_BLANK)
                .reply("guest-exec", "lab/exec-version.json")
                .reply("guest-exec-status", "lab/status-version.json")
                .fioPerSection("lab/exec-fio.json", "lab/status-fio.json")
                .blankedAgain();

        BenchResult result = runOnDisk(guest, "sda");

        assertEquals("/dev/sdb", result.target());
        assertEquals("sda", result.disk().target());
        assertEquals(
                List.of("sh", "-c"),
                List.of(
                        guest.sent.get(1).path("arguments").path("path").asText(),
                        guest.sent.get(1).path("arguments").path("arg").get(0).asText()));
        List<String> use = texts(guest.sent.get(3).path("arguments").path("arg"));
        assertEquals(
                List.of("-c", "sh", "sdb"), List.of(use.get(0), use.get(2), use.get(3)), "the device found is read");
        assertTrue(
                texts(guest.sent.get(7).path("arguments").path("env")).contains("VT_FILE=/dev/sdb"), "fio writes sdb");
    }

    @Test
    void aScratchDiskTheGuestHasNoDeviceOfItsSizeForIsNeverWritten() {
        RecordedGuest guest =
                RecordedGuest.lab().reply("guest-ping", "lab/ping.json").guestPrints("vda 131072\n");

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> runOnDisk(guest, "sda"));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().contains(": no disk of the guest is 256 MiB, the size of disk sda"), e.getMessage());
        assertEquals(List.of("guest-ping", "guest-exec", "guest-exec-status"), guest.executed(), "no fio ran");
    }

    /** The recorded guest's live definition with a second disk after its first. */
    private static String withSecondDisk(String disk) {
        return Recorded.text("lab/running-domain.xml")
                .replaceFirst("(?s)(<disk type='file' device='disk'>.*?</disk>)", "$1" + disk);
    }

    private BenchResult runOnDisk(RecordedGuest guest, String target) {
        HostCeiling noCeiling =
                new HostCeiling(new io.virttune.process.ScriptedProcessRunner(), HostScratchDeviceTest.NOTHING_CLAIMS);
        BenchSettings whole = new BenchSettings(ProfileSet.QUICK, 32L << 20, 3, 1, BenchTarget.scratchDisk(), "fio");
        return new BenchRunner(guest, host, noCeiling, Duration.ZERO, Clock.fixed(NOW, ZoneOffset.UTC), log::add)
                .run(new BenchRequest("vt-record", "before", whole, target, null));
    }

    @Test
    void aScratchDeviceMustBeADiskOfTheDomain() {
        BenchSettings onVdz =
                new BenchSettings(ProfileSet.QUICK, 32L << 20, 3, 1, BenchTarget.scratchDevice("/dev/vdz"), "fio");

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> run(RecordedGuest.lab(), onVdz));

        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("domain 'vt-record' has no disk with target 'vdz' (its disks: sda)", e.getMessage());
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false)
                .map(JsonNode::asText)
                .toList();
    }
}

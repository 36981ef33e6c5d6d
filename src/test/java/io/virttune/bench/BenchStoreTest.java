package io.virttune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results stored per domain and label, read back equal. */
class BenchStoreTest {
    @TempDir
    Path dir;

    static BenchResult result(String domain, String label) {
        FioReport report = FioReport.parse(Recorded.text("host-full-32m.json"), "on the host");
        IostatFigures figures = IostatFigures.between(
                DiskStatsSample.parse(Recorded.text("lab/diskstats.before")),
                DiskStatsSample.parse(Recorded.text("lab/diskstats.after")),
                "dm-0");
        DiskFingerprint disk = new DiskFingerprint(
                "sda",
                "sata",
                "file",
                "/var/lib/libvirt/images/web1.qcow2",
                "qcow2",
                "default",
                "default",
                "default",
                "none");
        return new BenchResult(
                BenchResult.SCHEMA,
                domain,
                label,
                "2026-11-30T00:37:00Z",
                disk,
                "full",
                32L << 20,
                1,
                1,
                "/var/tmp/virt-tune-bench.dat",
                false,
                report.fioVersion(),
                report.profiles(),
                new HostView(figures, null, report.profiles().subList(0, 2), "/srv/ceiling.dat"));
    }

    @Test
    void aStoredResultReadsBackEqual() throws Exception {
        BenchStore store = new BenchStore(dir);
        BenchResult result = result("web/1", "before");

        Path file = store.write(result);

        assertEquals(dir.resolve("web_1/before.json"), file);
        assertEquals(result, store.read("web/1", "before"));
        assertTrue(Files.readString(file).contains("\"schema\" : \"virt-tune/bench v1\""));
    }

    @Test
    void aMissingLabelListsTheStoredOnes() {
        BenchStore store = new BenchStore(dir);
        store.write(result("web1", "before"));
        store.write(result("web1", "after-lvm"));

        VirtTuneException e = assertThrows(VirtTuneException.class, () -> store.read("web1", "after"));

        assertEquals(
                "no bench result 'after' for domain 'web1' in " + dir + " (stored labels: after-lvm, before)",
                e.getMessage());
        assertEquals(List.of("none"), store.labels("db2"));
    }

    @Test
    void labelsThatAreNotFileNamesAreUsageErrors() {
        for (String label : List.of("", "../x", "a/b", ".hidden", "x".repeat(65))) {
            VirtTuneException e = assertThrows(VirtTuneException.class, () -> BenchStore.requireValidLabel(label));
            assertEquals(ExitCode.USAGE, e.exitCode());
        }
    }
}

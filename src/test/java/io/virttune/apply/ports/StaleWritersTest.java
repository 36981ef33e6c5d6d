package io.virttune.apply.ports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real processes on this machine hold a file open; /proc says which of them write it. */
class StaleWritersTest {
    @TempDir
    Path temp;

    private final StaleWriters writers = new StaleWriters();
    private Process holder;

    @AfterEach
    void stopHolder() throws InterruptedException {
        if (holder != null) {
            holder.destroyForcibly();
            holder.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aProcessListThatCannotBeReadSaysWhy() throws Exception {
        Path lv = Files.writeString(temp.resolve("web01-vda"), "data");
        Path proc = temp.resolve("no-proc");

        VirtTuneException failed =
                assertThrows(VirtTuneException.class, () -> new StaleWriters(proc).of(lv.toString()));

        assertEquals("cannot list the processes in " + proc + ": No such file or directory", failed.getMessage());
    }

    @Test
    void findsAProcessWritingTheFileByAnyNameAndRefusesToGoOn() throws Exception {
        Path lv = Files.writeString(temp.resolve("web01-vda"), "data");
        Path alias = Files.createSymbolicLink(temp.resolve("alias"), lv);
        holder = hold(lv, ">>");

        List<StaleWriters.Writer> found = writers.of(alias.toString());

        assertEquals(1, found.size(), found.toString());
        assertEquals(holder.pid(), found.get(0).pid());
        assertEquals("sleep 300", found.get(0).command());
        VirtTuneException refusal =
                assertThrows(VirtTuneException.class, () -> writers.requireNone(lv.toString(), "web01"));
        assertEquals(ExitCode.REFUSED, refusal.exitCode());
        assertTrue(refusal.getMessage().contains("is open for writing by pid " + holder.pid()), refusal.getMessage());
    }

    @Test
    void aReaderIsNoWriter() throws Exception {
        Path lv = Files.writeString(temp.resolve("web01-vda"), "data");
        holder = hold(lv, "<");

        assertEquals(List.of(), writers.of(lv.toString()));
    }

    @Test
    void aWriterThatEndedIsGone() throws Exception {
        Path lv = Files.writeString(temp.resolve("web01-vda"), "data");
        holder = hold(lv, ">>");
        holder.destroyForcibly();
        holder.waitFor(10, TimeUnit.SECONDS);

        assertEquals(List.of(), writers.of(lv.toString()));
        writers.requireNone(lv.toString(), "web01");
    }

    @Test
    void anotherFileIsNotTheOne() throws Exception {
        Path lv = Files.writeString(temp.resolve("web01-vda"), "data");
        holder = hold(Files.writeString(temp.resolve("web02-vda"), "data"), ">>");

        assertEquals(List.of(), writers.of(lv.toString()));
    }

    /**
     * A guest's QEMU, whose command line libvirt makes kilobytes long, is named by its start (the
     * binary, the guest): the whole of it buried the message it was in.
     */
    @Test
    void aLongCommandLineIsNamedByItsStart() {
        String qemu = "/usr/bin/qemu-system-x86_64 -name guest=web01,debug-threads=on -S -object"
                + " {\"qom-type\":\"secret\",\"id\":\"masterKey0\"}";

        assertEquals(
                "pid 4242 (" + qemu.substring(0, 100) + " ...), pid 4243 (dd if=/dev/zero)",
                StaleWriters.describe(List.of(
                        new StaleWriters.Writer(4242, qemu + " -blockdev {}".repeat(300)),
                        new StaleWriters.Writer(4243, "dd if=/dev/zero"))));
    }

    /**
     * A shell that opens the file on descriptor 3 with the redirection given, then becomes {@code
     * sleep 300}: returned once it has (its command line says so), however loaded the machine is.
     */
    private static Process hold(Path file, String redirection) throws Exception {
        Path ready = file.resolveSibling(file.getFileName() + ".ready");
        Process process = new ProcessBuilder(
                        "sh", "-c", "exec 3" + redirection + "'" + file + "'; touch '" + ready + "'; exec sleep 300")
                .start();
        Path cmdline = Path.of("/proc", Long.toString(process.pid()), "cmdline");
        for (int i = 0;
                i < 3000 && !(Files.exists(ready) && Files.readString(cmdline).equals("sleep\0" + "300\0"));
                i++) {
            Thread.sleep(10);
        }
        assertTrue(Files.exists(ready), "the shell did not open " + file);
        assertEquals("sleep\0" + "300\0", Files.readString(cmdline), "the shell did not become sleep 300");
        return process;
    }
}

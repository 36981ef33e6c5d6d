package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.agent.ExecStatus;
import io.virttune.agent.GuestAgent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Data of known content written by a lab guest onto its /dev/sda through the guest agent: 16 MiB
 * before a move, then a writer cycling over 16 more 1 MiB blocks during and after it, each logged
 * once it is on the disk; and the check that the guest reads back the last content written to
 * every block, and zeros where nothing was.
 */
public final class GuestWriter {
    public static final long MIB = 1L << 20;
    /** Blocks 0-15 are written before any move; the writer cycles over blocks 16-31. */
    public static final int BEFORE_BLOCKS = 16;

    public static final int WRITER_BLOCKS = 16;
    public static final long TOUCHED_BYTES = (BEFORE_BLOCKS + WRITER_BLOCKS) * MIB;
    /** Blocks never written, which must read as zeros. */
    private static final List<Integer> UNWRITTEN_BLOCKS = List.of(32, 64, 100, 127);

    /** One 1 MiB block of a line of 31 characters and a newline, repeated: "vt before block 7". */
    private static final String BLOCK_FUNCTION = """
      block() { yes "$(printf '%-31s' "$1")" | head -c 1048576; }
      """;

    private static final String WRITE_BEFORE = BLOCK_FUNCTION + """
      b=0
      while [ $b -lt 16 ]; do
        block "vt before block $b" | dd of="$DISK" bs=1M seek=$b count=1 iflag=fullblock conv=fsync 2>/dev/null || exit 1
        b=$((b + 1))
      done
      """;
    /**
     * Writes until /tmp/stop exists; logs "sequence block uptime" after each block is on the disk,
     * then sleeps $PAUSE seconds if set.
     */
    private static final String WRITER = BLOCK_FUNCTION + """
      n=$(cat /tmp/writes.log 2>/dev/null | wc -l)
      rm -f /tmp/stop /tmp/writer.done
      while [ ! -e /tmp/stop ]; do
        b=$((16 + n % 16))
        block "vt during $n block $b" | dd of="$DISK" bs=1M seek=$b count=1 iflag=fullblock conv=fsync 2>/dev/null \\
          || { echo "write $n failed" >> /tmp/writer.err; break; }
        echo "$n $b $(cut -d' ' -f1 /proc/uptime)" >> /tmp/writes.log
        n=$((n + 1))
        if [ "${PAUSE:-0}" != 0 ]; then sleep "$PAUSE"; fi
      done
      touch /tmp/writer.done
      """;
    /** Reads blocks back from the device, the page cache dropped first, and prints "block sha256" for each. */
    private static final String READ_BACK = """
      sync; echo 3 > /proc/sys/vm/drop_caches
      for b in $BLOCKS; do echo "$b $(dd if="$DISK" bs=1M skip=$b count=1 2>/dev/null | sha256sum | cut -d' ' -f1)"; done
      """;

    private static final String ZEROS_SHA = sha256(new byte[(int) MIB]);

    private final GuestAgent agent;
    /** The guest's name of the disk: sda as the lab guest starts, vda after a cold boot on virtio. */
    private final String disk;

    public GuestWriter(GuestAgent agent) {
        this(agent, "/dev/sda");
    }

    public GuestWriter(GuestAgent agent, String disk) {
        this.agent = agent;
        this.disk = disk;
    }

    /** The agent it talks through, for a writer of another disk name in the same guest. */
    public GuestAgent agent() {
        return agent;
    }

    /** Writes blocks 0-15, each with its own content. */
    public void writeBefore() {
        guest(WRITE_BEFORE, 120);
    }

    public void start() {
        start(0);
    }

    /**
     * Starts the writer pausing {@code pauseSeconds} after each block: a guest that writes slower
     * than a capped copy, which then converges.
     */
    public void start(int pauseSeconds) {
        guest("cat > /tmp/writer.sh", 30, WRITER);
        guest("PAUSE=" + pauseSeconds + " sh /tmp/writer.sh </dev/null >/dev/null 2>&1 &", 30);
    }

    /** Stops the writer and fails if any of its writes failed. */
    public void stop() {
        guest(
                "touch /tmp/stop; while [ ! -e /tmp/writer.done ]; do sleep 1; done; ! [ -s /tmp/writer.err ] || cat /tmp/writer.err",
                120);
        String errors = guest("cat /tmp/writer.err 2>/dev/null; true", 30);
        assertEquals("", errors, "the guest's writer failed");
    }

    /** How many blocks the writer has on the disk so far. */
    public int writes() {
        return Integer.parseInt(
                guest("cat /tmp/writes.log 2>/dev/null | wc -l", 30).strip());
    }

    public void awaitWrites(int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (writes() < count) {
            if (System.nanoTime() > deadline) {
                fail("the guest's writer did not reach " + count + " writes in 60 s");
            }
            Thread.sleep(300);
        }
    }

    /** The longest and the mean time between two consecutive writes from write {@code first} on, in seconds. */
    public String writeGaps(int first) {
        double[] uptimes = writeLog().stream()
                .skip(first)
                .mapToDouble(line -> Double.parseDouble(line[2]))
                .toArray();
        double longest = 0;
        for (int i = 1; i < uptimes.length; i++) {
            longest = Math.max(longest, uptimes[i] - uptimes[i - 1]);
        }
        double mean = uptimes.length < 2 ? 0 : (uptimes[uptimes.length - 1] - uptimes[0]) / (uptimes.length - 1);
        return String.format("longest gap between two writes %.2f s, mean %.2f s", longest, mean);
    }

    /** The writer's log as the guest has it, to carry over a restart of the guest (its /tmp is lost). */
    public String log() {
        return guest("cat /tmp/writes.log 2>/dev/null; true", 30);
    }

    /** Puts back a log taken with {@link #log()} before a restart, so that the read-back checks those writes. */
    public void restoreLog(String log) {
        guest("cat > /tmp/writes.log", 30, log);
    }

    /** Reads the blocks back inside the guest and compares each with what was written last (or zeros). */
    public void verifyInGuest() {
        Map<Integer, String> expected = new TreeMap<>();
        for (int b = 0; b < BEFORE_BLOCKS; b++) {
            expected.put(b, blockSha("vt before block " + b));
        }
        for (int b = BEFORE_BLOCKS; b < BEFORE_BLOCKS + WRITER_BLOCKS; b++) {
            expected.put(b, ZEROS_SHA);
        }
        UNWRITTEN_BLOCKS.forEach(b -> expected.put(b, ZEROS_SHA));
        for (String[] write : writeLog()) {
            expected.put(Integer.parseInt(write[1]), blockSha("vt during " + write[0] + " block " + write[1]));
        }
        String blocks = expected.keySet().stream().map(String::valueOf).collect(Collectors.joining(" "));
        Map<Integer, String> read = new TreeMap<>();
        for (String line :
                guest("BLOCKS='" + blocks + "'\n" + READ_BACK, 300).strip().split("\n")) {
            String[] fields = line.split(" ");
            read.put(Integer.parseInt(fields[0]), fields[1]);
        }
        assertEquals(expected, read, "the guest read back other data than it wrote");
    }

    /** Runs {@code script} in the guest with /bin/sh; fails on a non-zero exit. */
    public String guest(String script, int timeoutSeconds) {
        return guest(script, timeoutSeconds, null);
    }

    private String guest(String script, int timeoutSeconds, String stdin) {
        // Exported by the script (the writer runs in a shell of its own), not given as guest-exec's env, which
        // replaces qemu-ga's whole environment, PATH too.
        ExecStatus status = agent.run(
                "/bin/sh",
                List.of("-c", "export DISK=" + disk + "\n" + script),
                List.of(),
                stdin,
                Duration.ofSeconds(timeoutSeconds));
        if (status.exitCode() != 0) {
            fail("in the guest, exit " + status.exitCode() + ": " + script + "\n" + status.out() + status.err());
        }
        return status.out();
    }

    /** The writer's log lines: sequence, block, uptime of the guest when the block was on the disk. */
    private List<String[]> writeLog() {
        String log = log().strip();
        return log.isEmpty()
                ? List.of()
                : Arrays.stream(log.split("\n")).map(line -> line.split(" ")).toList();
    }

    /** The sha256 of a 1 MiB block of the writer's pattern, as the guest's block() writes it. */
    private static String blockSha(String text) {
        return sha256(String.format("%-31s\n", text).repeat((int) (MIB / 32)).getBytes(StandardCharsets.US_ASCII));
    }

    private static String sha256(byte[] bytes) {
        try {
            return java.util.HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

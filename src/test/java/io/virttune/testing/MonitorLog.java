package io.virttune.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lab libvirtd's log of the commands it sends QEMU's monitor, turned on through virt-admin for
 * one test and turned back after: what a block copy's target was really opened with.
 */
public final class MonitorLog implements AutoCloseable {
    private static final Pattern AIO = Pattern.compile("\"aio\":\"([a-z_]+)\"");
    private final Path file;
    private final String filters;
    private final String outputs;

    private MonitorLog(Path file, String filters, String outputs) {
        this.file = file;
        this.filters = filters;
        this.outputs = outputs;
    }

    /** Logs every monitor command libvirtd sends from now on into {@code work}/monitor.log. */
    public static MonitorLog start(Path work) {
        Path file = work.resolve("monitor.log");
        MonitorLog log = new MonitorLog(file, current("daemon-log-filters"), current("daemon-log-outputs"));
        // QEMU_MONITOR_SEND_MSG, each command as sent, is qemu_monitor.c's.
        Lab.sh("virt-admin", "daemon-log-filters", "1:qemu.qemu_monitor");
        Lab.sh("virt-admin", "daemon-log-outputs", "1:file:" + file);
        return log;
    }

    private static String current(String setting) {
        // virt-admin prints " Logging filters: 3:remote 4:event" or " Logging outputs: 2:stderr".
        String line = Lab.sh("virt-admin", setting).strip();
        return line.substring(line.indexOf(':') + 1).strip();
    }

    /**
     * The aio mode of the {@code blockdev-add} that opened {@code path}: "native", "io_uring",
     * "threads", or empty when it named none (QEMU's threads) or nothing opened the path.
     */
    public Optional<String> aioOpening(String path) {
        try {
            return Files.readAllLines(file).stream()
                    .filter(line -> line.contains("\"execute\":\"blockdev-add\"")
                            && line.contains("\"filename\":\"" + path + "\""))
                    .reduce((first, last) -> last)
                    .flatMap(line -> {
                        Matcher aio = AIO.matcher(line);
                        return aio.find() ? Optional.of(aio.group(1)) : Optional.empty();
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The last {@code blockdev-mirror} command libvirtd sent QEMU, as logged; empty when it sent none. */
    public Optional<String> mirrorStart() {
        try {
            return Files.readAllLines(file).stream()
                    .filter(line -> line.contains("\"execute\":\"blockdev-mirror\""))
                    .reduce((first, last) -> last);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the log holds, for a failure's message: its size and its blockdev-add lines. */
    public String summary() {
        try {
            List<String> lines = Files.exists(file) ? Files.readAllLines(file) : List.of();
            return file + ": " + lines.size() + " lines; blockdev-add: "
                    + lines.stream()
                            .filter(line -> line.contains("blockdev-add"))
                            .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        Lab.sh("virt-admin", "daemon-log-filters", filters);
        Lab.sh("virt-admin", "daemon-log-outputs", outputs);
    }
}

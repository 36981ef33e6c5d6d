package io.virttune.bench;

import io.virttune.VirtTuneException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One reading of {@code /proc/diskstats} with the {@code /proc/uptime} it was taken at, as iostat
 * takes it: counters per device name, the time in seconds.
 */
public record DiskStatsSample(double uptimeSeconds, Map<String, DeviceCounters> devices) {

    /** The counters iostat -x uses, from one diskstats line (fields 4-14 of the kernel's documentation). */
    public record DeviceCounters(
            long reads,
            long sectorsRead,
            long msReading,
            long writes,
            long sectorsWritten,
            long msWriting,
            long msDoingIo,
            long weightedMs) {}

    public DiskStatsSample {
        devices = Map.copyOf(devices);
    }

    /** Parses {@code /proc/uptime}'s first line and the text of {@code /proc/diskstats}. */
    public static DiskStatsSample parse(String uptime, String diskstats) {
        Map<String, DeviceCounters> devices = new HashMap<>();
        for (String line : diskstats.lines().toList()) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 14) {
                continue;
            }
            try {
                devices.put(
                        f[2],
                        new DeviceCounters(n(f[3]), n(f[5]), n(f[6]), n(f[7]), n(f[9]), n(f[10]), n(f[12]), n(f[13])));
            } catch (NumberFormatException e) {
                throw VirtTuneException.failed("unexpected line in /proc/diskstats: " + line, e);
            }
        }
        String[] up = uptime.trim().split("\\s+");
        return new DiskStatsSample(Double.parseDouble(up[0]), devices);
    }

    /** A recorded pair: the uptime line first, then the diskstats lines. */
    public static DiskStatsSample parse(String recorded) {
        List<String> lines = recorded.lines().toList();
        return parse(lines.get(0), String.join("\n", lines.subList(1, lines.size())));
    }

    public Optional<DeviceCounters> device(String name) {
        return Optional.ofNullable(devices.get(name));
    }

    private static long n(String field) {
        return Long.parseUnsignedLong(field);
    }
}

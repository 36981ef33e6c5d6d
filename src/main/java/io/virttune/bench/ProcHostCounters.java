package io.virttune.bench;

import io.virttune.IoErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** {@link HostCounters} of this machine: {@code /proc/uptime}, {@code /proc/diskstats} and the disk's device number. */
public final class ProcHostCounters implements HostCounters {

    @Override
    public Optional<String> device(DiskFingerprint disk) {
        boolean block = disk.sourceType().equals("block");
        boolean file = disk.sourceType().equals("file");
        return (block || file) && !disk.source().isEmpty()
                ? HostBlockDevice.of(disk.source(), block)
                : Optional.empty();
    }

    @Override
    public DiskStatsSample sample() {
        try {
            return DiskStatsSample.parse(
                    Files.readString(Path.of("/proc/uptime")), Files.readString(Path.of("/proc/diskstats")));
        } catch (IOException e) {
            throw IoErrors.failed("read", Path.of("/proc"), e);
        }
    }
}

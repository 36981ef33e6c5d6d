package io.virttune.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the host block device under a disk's source by the name {@code /proc/diskstats} uses: the
 * device itself for a block source (an LV gives {@code dm-3}), the device holding the filesystem
 * for a file. Found through the device number and {@code /sys/dev/block/MAJOR:MINOR}, so symlinks
 * like {@code /dev/vg/lv} and {@code /dev/mapper/*} need no udev.
 */
public final class HostBlockDevice {
    private HostBlockDevice() {}

    /** Empty when the source is on a filesystem without a block device here (tmpfs, NFS, hostfs). */
    public static Optional<String> of(String sourcePath, boolean blockSource) {
        try {
            Path path = Path.of(sourcePath);
            long number = ((Number) Files.getAttribute(path, blockSource ? "unix:rdev" : "unix:dev")).longValue();
            Path sys = Path.of("/sys/dev/block/" + major(number) + ":" + minor(number));
            return Files.exists(sys)
                    ? Optional.of(sys.toRealPath().getFileName().toString())
                    : Optional.empty();
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /** glibc's gnu_dev_major: the 12 low and the high bits of the major number. */
    static long major(long dev) {
        return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
    }

    static long minor(long dev) {
        return (dev & 0xff) | ((dev >>> 12) & ~0xffL);
    }
}

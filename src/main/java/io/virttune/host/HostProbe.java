package io.virttune.host;

import io.virttune.text.RangeList;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * Reads a host's settings from its /proc and /sys files below a root: "/" on a live host, or a
 * directory holding a snapshot of those files.
 */
public final class HostProbe {
    private final HostFiles files;

    public HostProbe(Path root) {
        this(new RootedFileSystem(root));
    }

    /** Reads through a host's door: this machine's files, or a remote host's. */
    public HostProbe(HostFileSystem files) {
        this.files = new HostFiles(files);
    }

    /** Everything the files tell; facts whose files are missing come back empty, never as errors. */
    public HostSettings probe() {
        MemInfo memInfo = MemInfo.read(files);
        return new HostSettings(
                memInfo.counter("MemTotal"),
                memInfo.counter("Hugepagesize"),
                new HugepageProbe(files).pools(),
                files.text("proc/cmdline").map(KernelCommandLine::parse).orElse(KernelCommandLine.unknown()),
                new BlockDeviceProbe(files).devices(),
                files.text("proc/sys/kernel/osrelease").map(String::strip),
                files.text("sys/devices/system/cpu/online")
                        .flatMap(RangeList::parse)
                        .map(cpus -> OptionalInt.of(cpus.size()))
                        .orElse(OptionalInt.empty()));
    }
}

package io.virttune.inspect;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.host.HostProbe;
import io.virttune.host.HostSettings;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.LvmReportParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A host recorded into a directory: {@code host/} mirrors the files of /proc and /sys that
 * virt-tune reads (and its name, in proc/sys/kernel/hostname), {@code lvm/} holds the JSON of {@code vgs}, {@code lvs} and {@code pvs}. Images
 * are not recorded; libvirt's storage pools describe them.
 */
public final class HostSnapshot implements HostFactsSource {
    private final Path directory;

    public HostSnapshot(Path directory) {
        if (!Files.isDirectory(directory)) {
            throw VirtTuneException.usage("host facts directory " + directory + " does not exist");
        }
        this.directory = directory;
    }

    @Override
    public HostSettings settings() {
        return new HostProbe(directory.resolve("host")).probe();
    }

    @Override
    public Optional<String> hostname() {
        Path file = directory.resolve("host/proc/sys/kernel/hostname");
        try {
            return Files.exists(file)
                    ? Optional.of(Files.readString(file).strip()).filter(name -> !name.isEmpty())
                    : Optional.empty();
        } catch (IOException e) {
            throw IoErrors.failed("read the recorded host name", file, e);
        }
    }

    @Override
    public LvmReport lvm() {
        return new LvmReportParser().parse(read("vgs.json"), read("lvs.json"), read("pvs.json"));
    }

    private String read(String report) {
        Path file = directory.resolve("lvm").resolve(report);
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw IoErrors.failed("read the recorded LVM report", file, e);
        }
    }

    @Override
    public Optional<ImageFacts> image(String path, String format) {
        return Optional.empty();
    }
}

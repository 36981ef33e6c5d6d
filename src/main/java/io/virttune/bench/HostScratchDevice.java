package io.virttune.bench;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.apply.custody.BackingChains;
import io.virttune.apply.custody.DefinedStores;
import io.virttune.apply.custody.VolumeResolver;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Refuses a host block device for {@code --host-ceiling --destructive} unless nothing on the host
 * claims it (an allow-list): no domain's definition names it (custody's in-use rule), no block
 * device is stacked on it or a partition of it, it is neither mounted nor swap, and its first MiB
 * reads as zeros. Each host of a fleet checks its own device.
 */
public final class HostScratchDevice {
    private static final int ZEROS = 1 << 20;

    private final Supplier<List<String>> definitions;
    private final VolumeResolver volumes;
    private final BackingChains chains;
    private final ProcessRunner runner;
    private final Path root;

    /**
     * {@code definitions}: every domain's, persistent and live; {@code runner} runs blkid; {@code
     * root}: "/" but in tests.
     */
    public HostScratchDevice(
            Supplier<List<String>> definitions,
            VolumeResolver volumes,
            BackingChains chains,
            ProcessRunner runner,
            Path root) {
        this.definitions = definitions;
        this.volumes = volumes;
        this.chains = chains;
        this.runner = runner;
        this.root = root;
    }

    /** {@code device}: the path given, which exists and is a block device. */
    public void requireUnclaimed(String device) {
        List<String> claims = new ArrayList<>();
        DefinedStores.read(definitions.get(), "", volumes, chains, store -> true)
                .otherUser(device)
                .ifPresent(user -> claims.add(user + " names it"));
        String name = realName(device);
        Path sys = root.resolve("sys/class/block").resolve(name);
        List<String> numbers = new ArrayList<>();
        List<String> names = new ArrayList<>(List.of(name));
        read(sys.resolve("dev")).ifPresent(numbers::add);
        for (Path partition : list(sys).stream()
                .filter(path -> path.getFileName().toString().startsWith(name))
                .toList()) {
            names.add(partition.getFileName().toString());
            read(partition.resolve("dev")).ifPresent(numbers::add);
            list(partition.resolve("holders")).forEach(holder -> claims.add("held by " + holder.getFileName()));
        }
        list(sys.resolve("holders")).forEach(holder -> claims.add("held by " + holder.getFileName()));
        for (String line : lines(root.resolve("proc/self/mountinfo"))) {
            String[] fields = line.split(" ");
            String source = line.contains(" - ")
                    ? line.substring(line.indexOf(" - ") + 3).split(" ")[1]
                    : "";
            if (fields.length > 4
                    && (numbers.contains(fields[2]) || names.contains(source.replaceFirst("^/dev/", "")))) {
                claims.add("mounted on " + fields[4]);
            }
        }
        for (String line : lines(root.resolve("proc/swaps"))) {
            if (names.contains(line.split("\\s+")[0].replaceFirst("^/dev/", ""))) {
                claims.add("swap");
            }
        }
        if (claims.isEmpty()) {
            signature(device).ifPresent(claims::add);
        }
        if (claims.isEmpty() && !zeros(Path.of(device))) {
            claims.add("its first MiB is not all zeros: it holds data (wipe it with blkdiscard first if it truly is a"
                    + " scratch device)");
        }
        if (!claims.isEmpty()) {
            throw VirtTuneException.refused("--host-ceiling --destructive does not overwrite " + device + ": "
                    + String.join(", ", claims) + " (rule: bench writes only a host device nothing claims); nothing was"
                    + " written; give a scratch file path instead, which bench creates and removes");
        }
    }

    /**
     * What {@code blkid -p} finds on the device, reading it directly (no cache): a filesystem, a
     * partition table, an LVM, RAID, bcache or crypto member, also one whose mark sits past the
     * first MiB (md metadata 1.0 at the end of the device).
     */
    private Optional<String> signature(String device) {
        ProcessResult probe = runner.run(List.of("blkid", "-p", "-o", "export", device));
        if (probe.exitCode() == 2) {
            return Optional.empty();
        }
        if (probe.exitCode() != 0) {
            return Optional.of("blkid -p could not probe it (exit " + probe.exitCode() + ": "
                    + probe.stderr().strip() + ")");
        }
        List<String> found = probe.stdout()
                .lines()
                .filter(line -> line.matches("(PT)?TYPE=.*|USAGE=.*"))
                .toList();
        return Optional.of("blkid -p finds " + (found.isEmpty() ? "a signature" : String.join(" ", found)) + " on it");
    }

    private String realName(String device) {
        try {
            return Path.of(device).toRealPath().getFileName().toString();
        } catch (IOException e) {
            throw IoErrors.failed("resolve", Path.of(device), e);
        }
    }

    private static boolean zeros(Path device) {
        try (FileChannel channel = FileChannel.open(device, StandardOpenOption.READ)) {
            ByteBuffer head = ByteBuffer.allocate(ZEROS);
            while (head.hasRemaining() && channel.read(head) > 0) {
                // read on: a block device may return less than asked
            }
            for (int i = 0; i < head.position(); i++) {
                if (head.get(i) != 0) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw IoErrors.failed("read the start of", device, e);
        }
    }

    private static Optional<String> read(Path file) {
        try {
            return Files.exists(file) ? Optional.of(Files.readString(file).strip()) : Optional.empty();
        } catch (IOException e) {
            throw IoErrors.failed("read", file, e);
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw IoErrors.failed("read", file, e);
        }
    }

    private static List<Path> list(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.sorted().toList();
        } catch (IOException e) {
            throw IoErrors.failed("read", directory, e);
        }
    }
}

package io.virttune.host;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Lists the host's block devices from {@code sys/block}, leaving out RAM-backed and loop ones. */
final class BlockDeviceProbe {
    private static final String BLOCK_DIR = "sys/block";
    private static final long SECTOR_BYTES = 512;
    private static final List<String> IGNORED_PREFIXES = List.of("loop", "ram", "zram");
    private static final List<String> VIRTUAL_PREFIXES = List.of("dm-", "md");

    private final HostFiles files;

    BlockDeviceProbe(HostFiles files) {
        this.files = files;
    }

    List<BlockDevice> devices() {
        return files.list(BLOCK_DIR).stream()
                .filter(name -> !startsWithAny(name, IGNORED_PREFIXES))
                .map(this::device)
                .toList();
    }

    private BlockDevice device(String name) {
        String dir = BLOCK_DIR + "/" + name;
        OptionalLong sectors = files.number(dir + "/size");
        return new BlockDevice(
                name,
                startsWithAny(name, VIRTUAL_PREFIXES),
                sectors.isPresent() ? OptionalLong.of(sectors.getAsLong() * SECTOR_BYTES) : sectors,
                rotational(dir + "/queue/rotational"),
                scheduler(dir + "/queue/scheduler"),
                files.number(dir + "/queue/read_ahead_kb"),
                files.number(dir + "/queue/discard_max_bytes"),
                files.text(dir + "/device/model").map(String::strip).filter(model -> !model.isEmpty()));
    }

    private Optional<Boolean> rotational(String file) {
        OptionalLong flag = files.number(file);
        if (flag.isEmpty()) {
            return Optional.empty();
        }
        if (flag.getAsLong() > 1) {
            throw files.garbled(file, "expected 0 or 1, found " + flag.getAsLong());
        }
        return Optional.of(flag.getAsLong() == 1);
    }

    private Optional<IoScheduler> scheduler(String file) {
        return files.text(file)
                .map(text -> IoScheduler.parse(text)
                        .orElseThrow(() -> files.garbled(file, "no active scheduler in '" + text + "'")));
    }

    private static boolean startsWithAny(String name, List<String> prefixes) {
        return prefixes.stream().anyMatch(name::startsWith);
    }
}

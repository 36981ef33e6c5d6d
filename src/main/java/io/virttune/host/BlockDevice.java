package io.virttune.host;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * One block device of the host as sysfs describes it; a fact the host does not expose is empty.
 * Device-mapper and software RAID devices are kept but marked virtual: their queue settings are
 * not the disk's.
 */
public record BlockDevice(
        String name,
        boolean virtual,
        OptionalLong sizeBytes,
        Optional<Boolean> rotational,
        Optional<IoScheduler> scheduler,
        OptionalLong readAheadKiB,
        OptionalLong discardMaxBytes,
        Optional<String> model) {

    /** A physical device known to be non-rotational. */
    public boolean isSsd() {
        return !virtual && rotational.equals(Optional.of(false));
    }

    /** Whether the device is known to accept discard (TRIM); false when unknown. */
    public boolean supportsDiscard() {
        return discardMaxBytes.orElse(0) > 0;
    }
}

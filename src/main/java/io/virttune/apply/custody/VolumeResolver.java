package io.virttune.apply.custody;

import java.util.Optional;

/** The path of a libvirt storage pool's volume, as a {@code <disk type='volume'>} names it. */
@FunctionalInterface
public interface VolumeResolver {
    Optional<String> path(String pool, String volume);
}

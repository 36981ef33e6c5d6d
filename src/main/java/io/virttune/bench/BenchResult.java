package io.virttune.bench;

import java.util.List;
import java.util.Optional;

/** One stored bench run: what was measured (domain, disk configuration, settings), when, and the figures. */
public record BenchResult(
        String schema,
        String domain,
        String label,
        String time,
        DiskFingerprint disk,
        String profileSet,
        long sizeBytes,
        int runtimeSeconds,
        int loops,
        String target,
        boolean device,
        String fioVersion,
        List<ProfileResult> profiles,
        HostView host) {

    public static final String SCHEMA = "virt-tune/bench v1";

    public BenchResult {
        profiles = List.copyOf(profiles);
    }

    public Optional<ProfileResult> profile(String name) {
        return profiles.stream().filter(p -> p.name().equals(name)).findFirst();
    }
}

package io.virttune.bench;

/**
 * What one bench run measures and how: profiles, size, runtime cap and runs per profile
 * ({@code loops}), target, and fio's path in the guest.
 */
public record BenchSettings(
        ProfileSet profileSet, long sizeBytes, int runtimeSeconds, int loops, BenchTarget target, String fioPath) {

    /**
     * The most one fio run can take: the runtime, plus fio's setup (laying out the file on the
     * first run) and slow TCG guests; a guest-exec still running after this is reported as hung.
     */
    public int timeoutSeconds() {
        return runtimeSeconds + 150;
    }

    public BenchSettings withTarget(BenchTarget other) {
        return new BenchSettings(profileSet, sizeBytes, runtimeSeconds, loops, other, fioPath);
    }
}

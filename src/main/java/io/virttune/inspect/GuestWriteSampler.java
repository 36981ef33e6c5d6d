package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.libvirt.DiskWrites;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The running guests' writes over one short interval: each disk's write counters read, one wait for
 * every domain together, then read again.
 */
public final class GuestWriteSampler {
    /** A disk's write counters, by domain and target: libvirt's block stats. */
    @FunctionalInterface
    public interface Counters {
        DiskWrites read(String domain, String target);
    }

    private final Counters counters;
    private final LongSupplier nanos;
    private final Consumer<Duration> sleep;

    /**
     * @param nanos the clock each read is timed by (System::nanoTime)
     * @param sleep how the one wait is made
     */
    public GuestWriteSampler(Counters counters, LongSupplier nanos, Consumer<Duration> sleep) {
        this.counters = counters;
        this.nanos = nanos;
        this.sleep = sleep;
    }

    /** The writes of each domain's {@code disks} (by target) over {@code interval}; a domain libvirt fails to say is unsampled. */
    public GuestWrites sample(Map<String, List<String>> disks, Duration interval) {
        Map<String, String> unsampled = new HashMap<>();
        Map<String, Map<String, Read>> first = read(disks, unsampled);
        sleep.accept(interval);
        Map<String, Map<String, Read>> second = read(disks, unsampled);
        Map<String, Map<String, GuestWriteRate>> rates = new HashMap<>();
        first.forEach((domain, before) -> {
            if (unsampled.containsKey(domain)) {
                return;
            }
            Map<String, GuestWriteRate> domainRates = new LinkedHashMap<>();
            before.forEach((target, read) -> {
                Read after = second.get(domain).get(target);
                // Each disk timed by its own reads: one slow libvirt call does not skew the others.
                long millis = Math.max(1, (after.nanos() - read.nanos()) / 1_000_000);
                domainRates.put(
                        target,
                        GuestWriteRate.between(
                                read.writes().requests(),
                                read.writes().bytes(),
                                after.writes().requests(),
                                after.writes().bytes(),
                                millis));
            });
            rates.put(domain, domainRates);
        });
        return new GuestWrites(rates, unsampled, "sampled");
    }

    private Map<String, Map<String, Read>> read(Map<String, List<String>> disks, Map<String, String> unsampled) {
        Map<String, Map<String, Read>> reads = new HashMap<>();
        disks.forEach((domain, targets) -> {
            if (unsampled.containsKey(domain)) {
                return;
            }
            Map<String, Read> domainReads = new HashMap<>();
            try {
                for (String target : targets) {
                    domainReads.put(target, new Read(counters.read(domain, target), nanos.getAsLong()));
                }
                reads.put(domain, domainReads);
            } catch (VirtTuneException e) {
                // Stopped since inspect, or a libvirt that cannot say: predicted as a guest not sampled.
                unsampled.put(domain, "its writes could not be read: " + e.getMessage());
            }
        });
        return reads;
    }

    /** One read of a disk's counters, and when. */
    private record Read(DiskWrites writes, long nanos) {}
}

package io.virttune.inspect;

import java.util.Map;
import java.util.Optional;

/**
 * The running guests' writes as plan sampled them, per domain and disk, and why a domain's were not
 * sampled: what a live copy's mirror must copy again while its guest writes.
 *
 * @param rates each sampled domain's disks by target
 * @param unsampled why a domain's disks were not sampled (stopped, or libvirt failed to say)
 * @param whyNone why a domain in neither map was not sampled (the sample turned off, or none taken)
 */
public record GuestWrites(
        Map<String, Map<String, GuestWriteRate>> rates, Map<String, String> unsampled, String whyNone) {
    public GuestWrites {
        rates = Map.copyOf(rates);
        unsampled = Map.copyOf(unsampled);
    }

    /** No guest's writes sampled, for {@code why}. */
    public static GuestWrites none(String why) {
        return new GuestWrites(Map.of(), Map.of(), why);
    }

    /** The rate of disk {@code target} of {@code domain}, if it was sampled. */
    public Optional<GuestWriteRate> rate(String domain, String target) {
        return Optional.ofNullable(rates.getOrDefault(domain, Map.of()).get(target));
    }

    /** Why {@code domain}'s disks were not sampled. */
    public String whyNot(String domain) {
        return unsampled.getOrDefault(domain, whyNone);
    }
}

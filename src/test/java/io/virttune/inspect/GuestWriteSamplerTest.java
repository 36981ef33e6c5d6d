package io.virttune.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.libvirt.DiskWrites;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every running guest's disks are read, one wait for all of them, then read again; one that fails is unsampled alone. */
class GuestWriteSamplerTest {
    private long now;
    private final List<Duration> waits = new ArrayList<>();
    private int reads;

    /** web's vda writes 400 requests of 4 KiB a second and vdb none; db stops between the two reads. */
    private DiskWrites counters(String domain, String target) {
        reads++;
        now += 10_000_000; // each libvirt call takes 10 ms
        boolean second = !waits.isEmpty();
        if (domain.equals("db") && second) {
            throw VirtTuneException.failed("domain is not running", null);
        }
        long requests = target.equals("vda") && second ? 1000 + 800 : 1000;
        return new DiskWrites(requests, requests * 4096);
    }

    @Test
    void everyDomainIsSampledOverOneWait() {
        GuestWriteSampler sampler = new GuestWriteSampler(this::counters, () -> now, wait -> {
            waits.add(wait);
            now += wait.toNanos();
        });

        GuestWrites writes =
                sampler.sample(Map.of("web", List.of("vda", "vdb"), "db", List.of("sda")), Duration.ofSeconds(2));

        assertEquals(List.of(Duration.ofSeconds(2)), waits, "one wait for all domains");
        assertEquals(6, reads);
        GuestWriteRate vda = writes.rates().get("web").get("vda");
        assertEquals(2000 + 30, vda.sampledMillis(), "its own reads' times, the calls between them included");
        assertEquals(800 / 2.03, vda.writesPerSecond(), 0.01);
        assertEquals(Math.round(800 * 4096 / 2.03), vda.bytesPerSecond());
        assertEquals(0, writes.rates().get("web").get("vdb").writesPerSecond());
        assertTrue(!writes.rates().containsKey("db"));
        assertTrue(
                writes.unsampled().get("db").startsWith("its writes could not be read: domain is not running"),
                writes.unsampled().toString());
    }
}

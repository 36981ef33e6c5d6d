package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.inspect.InspectResult;
import io.virttune.inspect.TestHost;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FleetInspectionTest {
    private final List<FleetHost> hosts = List.of("hv01", "hv02", "down", "hv03", "hv04").stream()
            .map(FleetHost::named)
            .toList();

    @Test
    void oneFailingHostDoesNotStopTheOthersAndOrderIsKept() {
        InspectResult result = new InspectResult(TestHost.hv01().facts(), List.of());
        List<HostOutcome> outcomes = new FleetInspection(
                        host -> {
                            if (host.name().equals("down")) {
                                throw VirtTuneException.failed("ssh: connect to host down port 22: Connection refused");
                            }
                            return result;
                        },
                        2)
                .inspect(hosts);

        assertEquals(
                List.of("hv01", "hv02", "down", "hv03", "hv04"),
                outcomes.stream().map(o -> o.host().name()).toList());
        assertEquals(
                Optional.of("ssh: connect to host down port 22: Connection refused"),
                outcomes.get(2).failure());
        assertEquals(4, outcomes.stream().filter(o -> o.result().isPresent()).count());
    }

    @Test
    void neverReadsMoreHostsAtOnceThanTheCap() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        new FleetInspection(
                        host -> {
                            most.accumulateAndGet(running.incrementAndGet(), Math::max);
                            try {
                                Thread.sleep(50);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            running.decrementAndGet();
                            return new InspectResult(TestHost.hv01().facts(), List.of());
                        },
                        2)
                .inspect(hosts);

        assertEquals(2, most.get(), "five hosts, two at a time");
    }

    @Test
    void aHostFailingWithAnUnexpectedErrorIsStillIsolated() {
        List<HostOutcome> outcomes = new FleetInspection(
                        host -> {
                            throw new IllegalStateException();
                        },
                        3)
                .inspect(hosts.subList(0, 1));
        assertEquals(Optional.of("IllegalStateException"), outcomes.get(0).failure());
        assertTrue(outcomes.get(0).incomplete());
    }
}

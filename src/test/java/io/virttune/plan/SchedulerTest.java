package io.virttune.plan;

import static io.virttune.plan.Schedulers.UNSAMPLED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.virttune.inspect.HostFacts;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchedulerTest {
    private static final long MIB = 1 << 20;
    private static final long RATE = 100 * MIB;
    private static final HostFacts NO_FACTS = new PlanFacts().build();

    private static DomainPlan offline(String name, long... allocatedMib) {
        DomainPlan domain = DomainPlans.named(name);
        List<Step> steps = new java.util.ArrayList<>();
        for (int i = 0; i < allocatedMib.length; i++) {
            String device = "/dev/vg/" + name + "-" + i;
            steps.add(new ConvertImage("/img/" + name + i, "qcow2", device, true, 1 << 30, allocatedMib[i] * MIB, 0));
            steps.add(new VerifyCopy("/img/" + name + i, "qcow2", device, 0));
        }
        return domain.withSteps(steps);
    }

    private static List<String> names(Schedule.Window window) {
        return window.domains().stream().map(Schedule.Slot::domain).toList();
    }

    @Test
    void theLongestGoFirstEachIntoTheFirstWindowWithRoom() {
        // 60 s, 50 s, 40 s, 30 s, 20 s of copying at 100 MiB/s, into windows of 100 s.
        Plan plan = DomainPlans.plan(
                offline("a", 3000, 3000),
                offline("b", 5000),
                offline("c", 4000),
                offline("d", 2000, 1000),
                offline("e", 2000));

        Schedule schedule =
                Schedulers.atRate(CopyRate.given(RATE), Duration.ofSeconds(100)).schedule(plan, NO_FACTS, UNSAMPLED);

        assertEquals(2, schedule.windows().size());
        assertEquals(List.of("a", "c"), names(schedule.windows().get(0)));
        assertEquals(List.of("b", "d", "e"), names(schedule.windows().get(1)));
        assertEquals(100, schedule.windows().get(0).seconds());
        assertEquals(100, schedule.windows().get(1).seconds());
        assertEquals(6000 * MIB, schedule.windows().get(0).domains().get(0).dataBytes());
    }

    @Test
    void aCappedCopyTakesTheCapsTimeAndItsVerifyReadsAtTheCapAgain() {
        // The lab's 1 GiB under --bandwidth 50M: copied in 19.8 s, verified in 24.7 s (docs/benchmarks.md).
        DomainPlan capped = DomainPlans.named("capped")
                .withSteps(List.of(
                        new ConvertImage("/img/x", "qcow2", "/dev/vg/x", true, 1 << 30, 500 * MIB, 50 * MIB),
                        new VerifyCopy("/img/x", "qcow2", "/dev/vg/x", 50 * MIB)));

        Schedule schedule = Schedulers.atRate(CopyRate.given(RATE), Duration.ZERO)
                .schedule(DomainPlans.plan(capped), NO_FACTS, UNSAMPLED);

        assertEquals(20, schedule.windows().get(0).domains().get(0).seconds(), "500 MiB at 50 MiB/s, twice");
    }

    @Test
    void aCopyIntoALinearLvIsPredictedByTheWholeLvItWritesAndVerifies() {
        // qemu-img writes the image's zeros into a linear LV, the zeroing the rest; the verify reads it all.
        DomainPlan linear = DomainPlans.named("linear")
                .withSteps(List.of(
                        new CreateVolume("vg", "x", 8L << 30, null),
                        new ConvertImage("/img/x", "qcow2", "/dev/vg/x", false, 8L << 30, 1L << 30, 0),
                        new VerifyCopy("/img/x", "qcow2", "/dev/vg/x", 0)));

        Schedule.DiskTime copy = Schedulers.atRate(CopyRate.given(RATE), Duration.ZERO)
                .schedule(DomainPlans.plan(linear), NO_FACTS, UNSAMPLED)
                .windows()
                .get(0)
                .domains()
                .get(0)
                .disks()
                .get(0);

        assertEquals(
                new Schedule.DiskTime(
                        "/img/x",
                        1L << 30,
                        8L << 30,
                        82,
                        "the whole 8 GiB linear LV written, its zeros too, and verified: the copy and its verify at"
                                + " 100 MiB/s",
                        false,
                        null,
                        false),
                copy,
                "8 GiB at 100 MiB/s, not its 1 GiB of data");
    }

    @Test
    void withoutAWindowEveryGuestIsInTheFirstAndOnlyTheOnesThatGoDownAreScheduled() {
        DomainPlan live = DomainPlans.named("live")
                .withSteps(List.of(new CopyLive("vda", "/img/live", "/dev/vg/live", 0, false, false)));
        DomainPlan retuned = DomainPlans.named("retuned");

        Schedule schedule = Schedulers.atRate(CopyRate.given(RATE), Duration.ZERO)
                .schedule(DomainPlans.plan(offline("a", 100), live, retuned, offline("b", 300)), NO_FACTS, UNSAMPLED);

        assertEquals(1, schedule.windows().size());
        assertEquals(List.of("b", "a"), names(schedule.windows().get(0)));
        assertEquals(0, schedule.windowSeconds());
    }

    @Test
    void aGuestLongerThanAWindowHasOneToItself() {
        Schedule schedule = Schedulers.atRate(CopyRate.given(RATE), Duration.ofSeconds(60))
                .schedule(DomainPlans.plan(offline("huge", 12000), offline("small", 1000)), NO_FACTS, UNSAMPLED);

        assertEquals(List.of("huge"), names(schedule.windows().get(0)));
        assertEquals(120, schedule.windows().get(0).seconds());
        assertEquals(List.of("small"), names(schedule.windows().get(1)));
    }

    @Test
    void aRateIsPositive() {
        assertThrows(IllegalArgumentException.class, () -> Schedulers.atRate(CopyRate.given(0), Duration.ZERO));
    }
}

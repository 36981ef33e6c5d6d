package io.virttune.plan;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.GuestWriteRate;
import io.virttune.inspect.GuestWrites;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.ImageFacts;
import io.virttune.lvm.LogicalVolume;
import io.virttune.recipe.ZeroSkippingMirror;
import io.virttune.text.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Each copy's predicted time at a copy rate, its caps and what its image's chain holds. */
final class CopyTimes {
    /** What a live copy with synchronous writes from its start saves, as its basis says it. */
    private static final String SYNCHRONOUS =
            "each guest write waits on the LV too, so its writes reach both sides and none is copied again";

    /** Apply reads a live copy's progress once a second: its readiness is seen up to a second late. */
    private static final long READINESS_SECONDS = 1;
    /**
     * A thin LV's zero chunks given back before the pause (ThinReclaim): 64 discards at most, 0.03 to
     * 2.3 s in the lab (docs/benchmarks.md, live-move).
     */
    private static final long GIVE_BACK_SECONDS = 1;

    private final long rate;
    private final MirrorPace mirror;
    private final BusyPaces busy;
    private final boolean thin;
    private final Optional<String> writesZerosBecause;
    private final HostFacts facts;
    private final GuestWrites writes;
    private final boolean backgroundFirst;

    /**
     * @param rate the pace of a copy and its verify together, in bytes a second
     * @param mirror the pace a live copy's mirror writes at, where it was measured
     * @param busy the paces a busy guest's copy goes at, where they were measured
     * @param target where the copies go: into thin LVs, apply gives a live copy's zero chunks back
     * @param facts the host's facts: the data of the images copied live (their steps do not say it),
     *     the pool's zeroing and the stack's versions
     * @param writes the running guests' writes as plan sampled them: what their mirrors copy again
     * @param backgroundFirst a copy its guest outpaces is started in the background all the same, then
     *     given up and made again with synchronous writes; else made with synchronous writes from its start
     */
    CopyTimes(
            long rate,
            MirrorPace mirror,
            BusyPaces busy,
            PlanTarget target,
            HostFacts facts,
            GuestWrites writes,
            boolean backgroundFirst) {
        this.rate = rate;
        this.mirror = mirror;
        this.busy = busy;
        this.thin = target.thin();
        this.writesZerosBecause = writesZerosBecause(target, facts);
        this.facts = facts;
        this.writes = writes;
        this.backgroundFirst = backgroundFirst;
    }

    /** Why a live copy's mirror must write the zeros too on this host; empty where it may skip them. */
    private static Optional<String> writesZerosBecause(PlanTarget target, HostFacts facts) {
        Optional<Boolean> zeroing = target.newPool() != null
                ? Optional.of(target.newPool().zeroing())
                : facts.lvm()
                        .flatMap(report -> report.logicalVolume(target.vg(), target.thinPool()))
                        .flatMap(LogicalVolume::zeroing);
        return ZeroSkippingMirror.whyNot(
                target.thin() ? target.vg() + "/" + target.thinPool() : null,
                zeroing,
                facts.identity().libvirtVersion(),
                facts.identity().hypervisorVersion());
    }

    /**
     * Each offline copy of {@code domain} with its verify: at the rate, or at its caps where they are
     * slower: the copy's cap limits the copy, and the verify's the reads of the source again.
     */
    List<Schedule.DiskTime> offline(DomainPlan domain) {
        List<Schedule.DiskTime> times = new ArrayList<>();
        for (Step step : domain.steps()) {
            if (step instanceof ConvertImage copy) {
                long verifyCap = domain.steps().stream()
                        .filter(other -> other instanceof VerifyCopy verify
                                && verify.target().equals(copy.target()))
                        .mapToLong(other -> ((VerifyCopy) other).bandwidthBytesPerSecond())
                        .findFirst()
                        .orElse(0);
                long bytes = new DiskSteps(domain).writtenBy(copy);
                double atRate = (double) bytes / rate;
                double atCaps = at(bytes, copy.bandwidthBytesPerSecond()) + at(bytes, verifyCap);
                String written = bytes == copy.allocatedBytes()
                        ? ""
                        : "the whole " + Bytes.format(bytes) + " linear LV written, its zeros too, and verified: ";
                String basis = written
                        + (atCaps <= atRate
                                ? "the copy and its verify at " + Bytes.format(rate) + "/s"
                                : copy.bandwidthBytesPerSecond() == verifyCap
                                        ? "the copy and its verify each at the " + Bytes.format(verifyCap) + "/s cap"
                                        : "the copy at its cap, " + capOf(copy.bandwidthBytesPerSecond())
                                                + ", its verify at" + " its cap, " + capOf(verifyCap));
                times.add(new Schedule.DiskTime(
                        diskOf(domain, copy.source()),
                        copy.allocatedBytes(),
                        bytes,
                        (long) Math.ceil(Math.max(atRate, atCaps)),
                        basis,
                        atCaps > atRate,
                        null,
                        false));
            }
        }
        return times;
    }

    /**
     * Each live copy of {@code domain}: what its mirror writes, at the mirror's measured pace or, its
     * data at the rate and its zeros at the target's write pace, or its cap where lower; then, unless
     * that pace was measured over whole live copies, its readiness seen and, into a thin LV, its zero
     * chunks given back before the pause.
     */
    List<Schedule.DiskTime> live(DomainPlan domain) {
        List<Schedule.DiskTime> times = new ArrayList<>();
        for (Step step : domain.steps()) {
            if (step instanceof CopyLive copy) {
                String disk = diskOf(domain, copy.source());
                Optional<ImageFacts> image = imageOf(domain.name(), copy.source());
                if (image.isEmpty()) {
                    times.add(new Schedule.DiskTime(
                            disk,
                            0,
                            0,
                            0,
                            "unknown: its image's data was not read",
                            false,
                            null,
                            copy.synchronousWrites()));
                    continue;
                }
                long written = mirrorWrites(image.get());
                long data = Math.min(image.get().allocatedBytes(), written);
                long zeros = written - data;
                double atPace = mirror.seconds(data, zeros, rate);
                long cap = copy.bandwidthBytesPerSecond();
                boolean capped = cap > 0 && (double) written / cap > atPace;
                // An earlier live copy's pace is over its whole step, readiness and give-back included.
                long after = mirror.earlierBytesPerSecond() > 0
                        ? 0
                        : READINESS_SECONDS + (thin && zeros > 0 ? GIVE_BACK_SECONDS : 0);
                Optional<GuestWriteRate> sampled = writes.rate(domain.name(), copy.disk());
                double seconds = capped ? (double) written / cap : atPace;
                String guest = sampled.isEmpty()
                        ? "; the guest's writes not sampled (" + writes.whyNot(domain.name())
                                + "): what it writes meanwhile, which the mirror copies again, is not counted"
                        : "; the guest wrote nothing over the " + sampled.get().sampledMillis() + " ms plan sampled it";
                boolean synchronous = copy.synchronousWrites();
                // Whether the cap decides the copy's time: with synchronous writes, where it holds them back.
                boolean capDecides = capped;
                if (sampled.isPresent() && sampled.get().writesPerSecond() > 0 && written > 0) {
                    BusyMirror.Paces paces = busy.of(written / seconds, sampled.get());
                    GuestWriteRate during = busy.duringCopy(sampled.get());
                    String guestAndPaces = BusyMirror.rates(sampled.get(), during);
                    // Apply starts the job at its cap, synchronous writes or not.
                    boolean synchronousCapped = cap > 0 && cap < paces.synchronous();
                    double synchronousPace = synchronousCapped ? cap : paces.synchronous();
                    String atCap = synchronousCapped ? "; with synchronous writes at its " + capOf(cap) + " cap" : "";
                    if (synchronous) {
                        seconds = written / synchronousPace;
                        guest = "; " + guestAndPaces + "with synchronous writes from the start, as planned: "
                                + SYNCHRONOUS
                                + (synchronousCapped
                                        ? atCap
                                        : "; at " + Bytes.format(Math.round(paces.synchronous())) + "/s, "
                                                + busy.synchronous().basis());
                    } else {
                        // A copy made again after a background one is given up writes what the first does: the
                        // data alone onto its LV given back whole (apply's EmptiedTarget), else the whole disk.
                        BusyMirror.Copy copied = BusyMirror.copy(written, paces, during, written);
                        synchronous = copied.copiedAgain() && !backgroundFirst;
                        // Made with synchronous writes from the start, such a copy costs the background
                        // copy's time no more, and writes what the copy made again would.
                        seconds = synchronous ? written / synchronousPace : copied.seconds();
                        written = synchronous ? written : copied.writtenBytes();
                        guest = "; " + guestAndPaces + BusyMirror.outcome(copied)
                                + (synchronous
                                        ? ": plan copies it with synchronous writes from the start instead: "
                                                + SYNCHRONOUS + atCap
                                        : copied.copiedAgain()
                                                ? ", started in the background as asked (--background-first)"
                                                : "")
                                + "; " + busy.describe(paces, sampled.get());
                    }
                    capDecides = synchronous ? synchronousCapped : capped;
                }
                times.add(new Schedule.DiskTime(
                        disk,
                        data,
                        written,
                        (long) Math.ceil(seconds) + after,
                        (writesZerosBecause.isPresent()
                                        ? "the whole " + Bytes.format(mirrorWrites(image.get()))
                                                + " virtual disk: QEMU's mirror writes its zeros too (docs/live.md), "
                                        : "its " + Bytes.format(data) + " of data: the mirror is told the new thin"
                                                + " LV reads as zeros, ")
                                + (capped ? "at its " + capOf(cap) + " cap" : mirror.describe(rate))
                                + guest
                                + (after == 0 ? "" : "; then " + after + " s for its readiness seen")
                                + (after > READINESS_SECONDS ? " and its zero chunks given back before the pause" : ""),
                        capDecides,
                        sampled.orElse(null),
                        synchronous));
            }
        }
        return times;
    }

    /**
     * What a live copy of {@code image} writes to its LV: QEMU's full mirror writes the whole virtual
     * disk, zeros included (docs/live.md), unless it may be told a fresh thin LV reads as zeros
     * ({@link ZeroSkippingMirror}, the rule apply passes the flag by); then the data alone.
     */
    long mirrorWrites(ImageFacts image) {
        return writesZerosBecause.isPresent()
                ? Math.max(image.virtualSizeBytes(), image.allocatedBytes())
                : image.allocatedBytes();
    }

    private static String capOf(long cap) {
        return cap > 0 ? Bytes.format(cap) + "/s" : "none";
    }

    private static double at(long bytes, long cap) {
        return cap > 0 ? (double) bytes / cap : 0;
    }

    /** The disk's target as the definition the plan starts from names it; the image's path if no disk does. */
    private static String diskOf(DomainPlan domain, String source) {
        return domain.disks().stream()
                .filter(disk -> source.equals(disk.source()))
                .map(DiskPlan::target)
                .findFirst()
                .orElse(source);
    }

    /** The image inspect read for the disk on {@code source}: its chain's allocation is what a block copy mirrors. */
    private Optional<ImageFacts> imageOf(String domain, String source) {
        return facts.domains().stream()
                .filter(candidate -> candidate.name().equals(domain))
                .map(DomainFacts::disks)
                .flatMap(List::stream)
                .filter(disk -> disk.view().sourcePath().equals(Optional.of(source)))
                .map(DiskFacts::image)
                .flatMap(Optional::stream)
                .findFirst();
    }
}

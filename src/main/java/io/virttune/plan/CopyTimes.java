package io.virttune.plan;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.ImageFacts;
import io.virttune.text.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Each copy's predicted time at a copy rate, its caps and what its image's chain holds. */
final class CopyTimes {
    private final long rate;
    private final HostFacts facts;

    /**
     * @param rate the pace of a copy and its verify together, in bytes a second
     * @param facts the host's facts, for the data of the images copied live (their steps do not say it)
     */
    CopyTimes(long rate, HostFacts facts) {
        this.rate = rate;
        this.facts = facts;
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
                long bytes = copy.allocatedBytes();
                double atRate = (double) bytes / rate;
                double atCaps = at(bytes, copy.bandwidthBytesPerSecond()) + at(bytes, verifyCap);
                String basis = atCaps <= atRate
                        ? "the copy and its verify at " + Bytes.format(rate) + "/s"
                        : copy.bandwidthBytesPerSecond() == verifyCap
                                ? "the copy and its verify each at the " + Bytes.format(verifyCap) + "/s cap"
                                : "the copy at its cap, " + capOf(copy.bandwidthBytesPerSecond()) + ", its verify at"
                                        + " its cap, " + capOf(verifyCap);
                times.add(new Schedule.DiskTime(
                        diskOf(domain, copy.source()),
                        bytes,
                        (long) Math.ceil(Math.max(atRate, atCaps)),
                        basis,
                        atCaps > atRate));
            }
        }
        return times;
    }

    /** Each live copy of {@code domain}: its image chain's data at the rate, or its cap where lower. */
    List<Schedule.DiskTime> live(DomainPlan domain) {
        List<Schedule.DiskTime> times = new ArrayList<>();
        for (Step step : domain.steps()) {
            if (step instanceof CopyLive copy) {
                String disk = diskOf(domain, copy.source());
                Optional<ImageFacts> image = imageOf(domain.name(), copy.source());
                if (image.isEmpty()) {
                    times.add(new Schedule.DiskTime(disk, 0, 0, "unknown: its image's data was not read", false));
                    continue;
                }
                long bytes = image.get().allocatedBytes();
                long cap = copy.bandwidthBytesPerSecond();
                long speed = cap > 0 ? Math.min(cap, rate) : rate;
                times.add(new Schedule.DiskTime(
                        disk,
                        bytes,
                        (long) Math.ceil((double) bytes / speed),
                        speed < rate ? "at its " + Bytes.format(speed) + "/s cap" : "at " + Bytes.format(speed) + "/s",
                        speed < rate));
            }
        }
        return times;
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

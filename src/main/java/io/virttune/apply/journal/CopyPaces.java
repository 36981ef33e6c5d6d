package io.virttune.apply.journal;

import io.virttune.apply.journal.JournalEntry.StepState;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CopyLive;
import io.virttune.plan.Step;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pace this host's earlier copies went at, offline or live, read from their journals.
 *
 * @param bytesPerSecond the median pace of the copies counted: offline verify included, live what
 *     the mirror wrote over the copy and its switch
 * @param copies how many copies were counted
 * @param latest when the latest of them ended, as the journal wrote it
 */
public record CopyPaces(long bytesPerSecond, int copies, String latest) {
    private static final String KIND = Step.kindOf(ConvertImage.class);
    private static final String LIVE_KIND = Step.kindOf(CopyLive.class);
    /**
     * A journal written before live copies recorded their bytes says none: it has a time and no pace;
     * one written before they recorded their synchronous copies says none of those.
     */
    private static final Pattern LIVE_DETAIL = Pattern.compile("copied live(?: (?<bytes>\\d+) bytes)? and switched in"
            + " (?<seconds>\\d+\\.\\d+) s(?:, (?<syncBytes>\\d+) bytes of them with synchronous writes in"
            + " (?<syncSeconds>\\d+\\.\\d+) s)?(?<capped>, capped at \\d+ bytes/s)?");

    private static final Pattern DETAIL = Pattern.compile(
            "copied and verified (?<bytes>\\d+) bytes in (?<seconds>\\d+\\.\\d+) s(?<capped>, capped at \\d+ bytes/s)?");
    /** Smaller copies time mostly qemu-img's start, not the device. */
    private static final long SMALLEST = 64L << 20;

    /** Where the pace comes from, as plan prints it: {@code what} says which copies ("copy", "live copy"). */
    public String basis(String what) {
        return copies == 1
                ? "the pace of the one earlier " + what + " on this host, at " + latest
                : "the median of " + copies + " earlier " + what.replace("copy", "copies")
                        + " on this host, the latest at " + latest;
    }

    /** What a copy's DONE entry says of it, for {@link #of} to read back. */
    public static String detail(long bytes, long nanos, long capBytesPerSecond) {
        return String.format(Locale.ROOT, "copied and verified %d bytes in %.3f s", bytes, nanos / 1e9)
                + (capBytesPerSecond > 0 ? ", capped at " + capBytesPerSecond + " bytes/s" : "");
    }

    /**
     * What a live copy's DONE entry says of it: the bytes its mirror wrote, the block copy and the
     * switch, and of them what a copy with synchronous writes wrote and for how long (none: 0 bytes),
     * for {@link #liveSeconds}, {@link #live} and {@link #synchronous} to read back.
     */
    public static String liveDetail(
            long bytes, long nanos, long synchronousBytes, long synchronousNanos, long capBytesPerSecond) {
        return String.format(Locale.ROOT, "copied live %d bytes and switched in %.3f s", bytes, nanos / 1e9)
                + (synchronousBytes > 0
                        ? String.format(
                                Locale.ROOT,
                                ", %d bytes of them with synchronous writes in %.3f s",
                                synchronousBytes,
                                synchronousNanos / 1e9)
                        : "")
                + (capBytesPerSecond > 0 ? ", capped at " + capBytesPerSecond + " bytes/s" : "");
    }

    /** The time {@code journal}'s offline copies took, each with its verify, capped or not; none when it records none. */
    public static OptionalDouble seconds(DomainJournal journal) {
        return sum(journal, KIND, DETAIL);
    }

    /** The time {@code journal}'s live copies took, each with its switch; none when it records none. */
    public static OptionalDouble liveSeconds(DomainJournal journal) {
        return sum(journal, LIVE_KIND, LIVE_DETAIL);
    }

    /** The seconds (group {@code seconds} of {@code detail}) of the DONE entries of {@code kind} it reads. */
    private static OptionalDouble sum(DomainJournal journal, String kind, Pattern detail) {
        List<Double> each = journal.entries().stream()
                .filter(entry -> entry.state() == StepState.DONE && kind.equals(entry.kind()))
                .map(entry -> detail.matcher(entry.detail() == null ? "" : entry.detail()))
                .filter(Matcher::matches)
                .map(matcher -> Double.parseDouble(matcher.group("seconds")))
                .toList();
        return each.isEmpty()
                ? OptionalDouble.empty()
                : OptionalDouble.of(
                        each.stream().mapToDouble(Double::doubleValue).sum());
    }

    /** The pace of the uncapped offline copies of at least 64 MiB these journals record; none when there are none. */
    public static Optional<CopyPaces> of(List<DomainJournal> journals) {
        return paces(journals, KIND, DETAIL, "bytes", "seconds");
    }

    /** The pace of the uncapped live copies of at least 64 MiB these journals record; none when there are none. */
    public static Optional<CopyPaces> live(List<DomainJournal> journals) {
        return paces(journals, LIVE_KIND, LIVE_DETAIL, "bytes", "seconds");
    }

    /**
     * The pace of the uncapped copies with synchronous writes of at least 64 MiB these journals'
     * live copies record (made so, or made again once a guest outpaced its background copy); none
     * when there are none.
     */
    public static Optional<CopyPaces> synchronous(List<DomainJournal> journals) {
        return paces(journals, LIVE_KIND, LIVE_DETAIL, "syncBytes", "syncSeconds");
    }

    /** The median pace of {@code kind}'s DONE entries, by {@code detail}'s groups of the bytes, the seconds and a cap. */
    private static Optional<CopyPaces> paces(
            List<DomainJournal> journals, String kind, Pattern detail, String bytesGroup, String secondsGroup) {
        record Copy(long bytesPerSecond, String at) {}
        List<Copy> copies = journals.stream()
                .flatMap(journal -> journal.entries().stream())
                .filter(entry -> entry.state() == StepState.DONE && kind.equals(entry.kind()))
                .flatMap(entry -> {
                    Matcher matcher = detail.matcher(entry.detail() == null ? "" : entry.detail());
                    if (!matcher.matches() || matcher.group(bytesGroup) == null || matcher.group("capped") != null) {
                        return java.util.stream.Stream.empty();
                    }
                    long bytes = Long.parseLong(matcher.group(bytesGroup));
                    double seconds = Double.parseDouble(matcher.group(secondsGroup));
                    return bytes < SMALLEST || seconds <= 0
                            ? java.util.stream.Stream.empty()
                            : java.util.stream.Stream.of(new Copy((long) (bytes / seconds), entry.at()));
                })
                .sorted(Comparator.comparingLong(Copy::bytesPerSecond))
                .toList();
        if (copies.isEmpty()) {
            return Optional.empty();
        }
        String latest =
                copies.stream().map(Copy::at).max(Comparator.naturalOrder()).orElseThrow();
        return Optional.of(new CopyPaces(copies.get(copies.size() / 2).bytesPerSecond(), copies.size(), latest));
    }
}

package io.virttune.apply.journal;

import io.virttune.apply.journal.JournalEntry.StepState;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CopyLive;
import io.virttune.plan.Step;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pace this host's earlier copies went at, offline or live, read from their journals: the bytes
 * each wrote over its time, so that a plan predicts each copy by what it writes.
 *
 * @param bytesPerSecond the median pace of the copies counted: offline what each wrote and verified
 *     (the whole LV for a linear one, whose zeros are written too; the data for a fresh thin one),
 *     live what the mirror wrote over the copy and its switch
 * @param copies how many copies were counted
 * @param latest when the latest of them ended, as the journal wrote it
 * @param written false where the copies counted were journaled before an offline copy named what it
 *     wrote: each is then its data over its time, low for a linear LV
 */
public record CopyPaces(long bytesPerSecond, int copies, String latest, boolean written) {
    private static final String KIND = Step.kindOf(ConvertImage.class);
    private static final String LIVE_KIND = Step.kindOf(CopyLive.class);
    /**
     * A journal written before live copies recorded their bytes says none: it has a time and no pace;
     * one written before they recorded their synchronous copies says none of those, nor one written
     * before they recorded their guest's writes those.
     */
    private static final Pattern LIVE_DETAIL = Pattern.compile("copied live(?: (?<bytes>\\d+) bytes)? and switched in"
            + " (?<seconds>\\d+\\.\\d+) s(?:, (?<syncBytes>\\d+) bytes of them with synchronous writes in"
            + " (?<syncSeconds>\\d+\\.\\d+) s)?(?<capped>, capped at \\d+ bytes/s)?(?:, the guest writing"
            + " (?<during>\\d+) times a second during it(?: \\((?<sampled>\\d+) sampled by plan\\))?)?");

    /** A journal written before offline copies recorded what they wrote names their data alone. */
    private static final Pattern DETAIL = Pattern.compile("copied and verified (\\d+) bytes(?: of data \\((\\d+) bytes"
            + " written\\))? in (\\d+\\.\\d+) s(, capped at (\\d+) bytes/s)?");
    /** Smaller copies time mostly qemu-img's start, not the device. */
    private static final long SMALLEST = 64L << 20;

    /**
     * One copy's DONE entry read back.
     *
     * @param bytes what it wrote; empty in a live copy's entry from before they said it
     * @param written whether the entry says what it wrote; an older offline one names its data alone
     */
    private record Copied(OptionalLong bytes, boolean written, double seconds, boolean capped, String at) {}

    /** Where the pace comes from, as plan prints it: {@code what} says which copies ("copy", "live copy"). */
    public String basis(String what) {
        String where = written
                ? " on this host"
                : " on this host (journaled before apply named what they wrote: their data over their time, low"
                        + " where a linear LV's zeros were written too)";
        return copies == 1
                ? "the pace of the one earlier " + what + where + ", at " + latest
                : "the median of " + copies + " earlier " + what.replace("copy", "copies") + where + ", the latest at "
                        + latest;
    }

    /**
     * What a copy's DONE entry says of it, for {@link #of} to read back: the {@code bytes} of data it
     * copied, the {@code writtenBytes} it wrote and verified to do so, in {@code nanos}, under a cap.
     */
    public static String detail(long bytes, long writtenBytes, long nanos, long capBytesPerSecond) {
        return String.format(
                        Locale.ROOT,
                        "copied and verified %d bytes of data (%d bytes written) in %.3f s",
                        bytes,
                        writtenBytes,
                        nanos / 1e9)
                + (capBytesPerSecond > 0 ? ", capped at " + capBytesPerSecond + " bytes/s" : "");
    }

    /**
     * What a live copy's DONE entry says of it: the bytes its mirror wrote, the block copy and the
     * switch, and of them what a copy with synchronous writes wrote and for how long (none: 0 bytes),
     * and what its guest wrote meanwhile where its counters were read, for {@link #liveSeconds},
     * {@link #live}, {@link #synchronous} and {@link #guestWrites} to read back.
     */
    public static String liveDetail(
            long bytes,
            long nanos,
            long synchronousBytes,
            long synchronousNanos,
            long capBytesPerSecond,
            Optional<WritesDuringCopy> guestWrites) {
        return String.format(Locale.ROOT, "copied live %d bytes and switched in %.3f s", bytes, nanos / 1e9)
                + (synchronousBytes > 0
                        ? String.format(
                                Locale.ROOT,
                                ", %d bytes of them with synchronous writes in %.3f s",
                                synchronousBytes,
                                synchronousNanos / 1e9)
                        : "")
                + (capBytesPerSecond > 0 ? ", capped at " + capBytesPerSecond + " bytes/s" : "")
                + guestWrites.map(WritesDuringCopy::detail).orElse("");
    }

    /**
     * What the guests wrote during the live copies these journals record, where the copies read it,
     * of the copies their background copy made alone: once copied again with synchronous writes, each
     * guest write waited on the LV too, and the rate counted over the whole copy is no longer the one
     * a background copy sees.
     */
    static List<WritesDuringCopy> guestWrites(List<DomainJournal> journals) {
        return journals.stream()
                .flatMap(journal -> journal.entries().stream())
                .filter(entry -> entry.state() == StepState.DONE && LIVE_KIND.equals(entry.kind()))
                .map(entry -> LIVE_DETAIL.matcher(detailOf(entry)))
                .filter(matcher ->
                        matcher.matches() && matcher.group("during") != null && matcher.group("syncBytes") == null)
                .map(matcher -> new WritesDuringCopy(
                        Double.parseDouble(matcher.group("during")),
                        matcher.group("sampled") == null
                                ? OptionalDouble.empty()
                                : OptionalDouble.of(Double.parseDouble(matcher.group("sampled")))))
                .toList();
    }

    /** The time {@code journal}'s offline copies took, each with its verify, capped or not; none when it records none. */
    public static OptionalDouble seconds(DomainJournal journal) {
        return sum(copied(List.of(journal), KIND, CopyPaces::offline));
    }

    /** The time {@code journal}'s live copies took, each with its switch; none when it records none. */
    public static OptionalDouble liveSeconds(DomainJournal journal) {
        return sum(copied(List.of(journal), LIVE_KIND, CopyPaces::wholeLive));
    }

    private static OptionalDouble sum(List<Copied> each) {
        return each.isEmpty()
                ? OptionalDouble.empty()
                : OptionalDouble.of(each.stream().mapToDouble(Copied::seconds).sum());
    }

    /**
     * The pace of the uncapped offline copies of at least 64 MiB these journals record; none when
     * there are none. Entries from before a copy named what it wrote are counted only while none
     * does: read as their data over their time, they put a linear LV's copy far below its pace.
     */
    public static Optional<CopyPaces> of(List<DomainJournal> journals) {
        return paces(copied(journals, KIND, CopyPaces::offline));
    }

    /** The pace of the uncapped live copies of at least 64 MiB these journals record; none when there are none. */
    public static Optional<CopyPaces> live(List<DomainJournal> journals) {
        return paces(copied(journals, LIVE_KIND, CopyPaces::wholeLive));
    }

    /**
     * The pace of the background copies of at least 64 MiB, uncapped, of the live copies these
     * journals record whose guest wrote {@code busyWritesPerSecond} times a second or more during them,
     * where the copy read it; none when there are none. A copy given up and made again with
     * synchronous writes counts its background part alone (its bytes and time before), which the
     * copy made again, at a pace of its own ({@link #synchronous}), would hide.
     */
    public static Optional<CopyPaces> busyLive(List<DomainJournal> journals, double busyWritesPerSecond) {
        List<Copied> busy = new ArrayList<>();
        for (DomainJournal journal : journals) {
            // The pause of the switch a live copy ended with, journaled before its DONE entry.
            double switchSeconds = 0;
            for (JournalEntry entry : journal.entries()) {
                if (PivotPauses.KIND.equals(entry.kind())) {
                    switchSeconds = PivotPauses.pause(entry)
                            .filter(PivotPauses.Pause::switched)
                            .map(pause -> pause.millis() / 1e3)
                            .orElse(switchSeconds);
                } else if (LIVE_KIND.equals(entry.kind())) {
                    Matcher matcher = LIVE_DETAIL.matcher(detailOf(entry));
                    if (entry.state() == StepState.DONE
                            && matcher.matches()
                            && matcher.group("during") != null
                            && Double.parseDouble(matcher.group("during")) >= busyWritesPerSecond) {
                        background(entry, switchSeconds).ifPresent(busy::add);
                    }
                    switchSeconds = 0;
                }
            }
        }
        return paces(busy);
    }

    /**
     * A live copy's entry read as its background copy: the whole copy less what it made again with
     * synchronous writes, until ready and then its switch's pause of {@code switchSeconds}. The calls
     * around that pause (the live definition and the guest's counters read before, the persistent
     * definition after) are timed apart from neither, and stay in.
     */
    private static Optional<Copied> background(JournalEntry entry, double switchSeconds) {
        Optional<Copied> whole = wholeLive(entry);
        Optional<Copied> again = live(entry, "syncBytes", "syncSeconds");
        if (whole.isEmpty() || again.isEmpty() || whole.get().bytes().isEmpty()) {
            return whole;
        }
        Copied all = whole.get();
        return Optional.of(new Copied(
                OptionalLong.of(all.bytes().getAsLong() - again.get().bytes().getAsLong()),
                true,
                all.seconds() - again.get().seconds() - switchSeconds,
                all.capped(),
                all.at()));
    }

    /**
     * The pace of the uncapped copies with synchronous writes of at least 64 MiB these journals'
     * live copies record (made so, or made again once a guest outpaced its background copy); none
     * when there are none.
     */
    public static Optional<CopyPaces> synchronous(List<DomainJournal> journals) {
        return paces(copied(journals, LIVE_KIND, entry -> live(entry, "syncBytes", "syncSeconds")));
    }

    /** The DONE entries of {@code kind} in {@code journals} that {@code read} reads. */
    private static List<Copied> copied(
            List<DomainJournal> journals, String kind, Function<JournalEntry, Optional<Copied>> read) {
        return journals.stream()
                .flatMap(journal -> journal.entries().stream())
                .filter(entry -> entry.state() == StepState.DONE && kind.equals(entry.kind()))
                .flatMap(entry -> read.apply(entry).stream())
                .toList();
    }

    private static Optional<Copied> offline(JournalEntry entry) {
        Matcher matcher = DETAIL.matcher(detailOf(entry));
        if (!matcher.matches()) {
            return Optional.empty();
        }
        String written = matcher.group(2);
        return Optional.of(new Copied(
                OptionalLong.of(Long.parseLong(written == null ? matcher.group(1) : written)),
                written != null,
                Double.parseDouble(matcher.group(3)),
                matcher.group(4) != null,
                entry.at()));
    }

    /** A live copy's entry read as the whole copy, its synchronous part included. */
    private static Optional<Copied> wholeLive(JournalEntry entry) {
        return live(entry, "bytes", "seconds");
    }

    /** A live copy's entry read by its groups {@code bytesGroup} and {@code secondsGroup}: the whole copy, or its synchronous part. */
    private static Optional<Copied> live(JournalEntry entry, String bytesGroup, String secondsGroup) {
        Matcher matcher = LIVE_DETAIL.matcher(detailOf(entry));
        if (!matcher.matches() || matcher.group(secondsGroup) == null) {
            return Optional.empty();
        }
        String bytes = matcher.group(bytesGroup);
        // What a mirror copied is what it wrote, zeros included.
        return Optional.of(new Copied(
                bytes == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(bytes)),
                true,
                Double.parseDouble(matcher.group(secondsGroup)),
                matcher.group("capped") != null,
                entry.at()));
    }

    private static String detailOf(JournalEntry entry) {
        return entry.detail() == null ? "" : entry.detail();
    }

    /** The median pace of the uncapped copies of at least 64 MiB among {@code each}, of those that say what they wrote if any do. */
    private static Optional<CopyPaces> paces(List<Copied> each) {
        record Pace(long bytesPerSecond, String at) {}
        List<Copied> counted = each.stream()
                .filter(copy -> copy.bytes().isPresent()
                        && !copy.capped()
                        && copy.bytes().getAsLong() >= SMALLEST
                        && copy.seconds() > 0)
                .toList();
        boolean written = counted.stream().anyMatch(Copied::written);
        List<Pace> paces = counted.stream()
                .filter(copy -> copy.written() == written)
                .map(copy -> new Pace((long) (copy.bytes().getAsLong() / copy.seconds()), copy.at()))
                .sorted(Comparator.comparingLong(Pace::bytesPerSecond))
                .toList();
        if (paces.isEmpty()) {
            return Optional.empty();
        }
        String latest =
                paces.stream().map(Pace::at).max(Comparator.naturalOrder()).orElseThrow();
        return Optional.of(new CopyPaces(paces.get(paces.size() / 2).bytesPerSecond(), paces.size(), latest, written));
    }
}

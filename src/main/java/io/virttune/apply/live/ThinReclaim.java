package io.virttune.apply.live;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.ports.CopyTimings;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunPorts;
import io.virttune.blockjob.BlockCopy;
import io.virttune.lvm.ThinDiscards;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateVolume;
import io.virttune.qemu.AllocationMap.Extent;
import io.virttune.qemu.PausedMaps;
import io.virttune.qemu.PausedMaps.PausedMap;
import io.virttune.qemu.QemuImg;
import io.virttune.text.Bytes;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Keeps a thin LV thin across a live copy by discarding the chunks where the source reads as zeros,
 * in two rounds, before the pause and in it (the reasoning: this package's documentation).
 */
public final class ThinReclaim {
    /**
     * How long the discards may hold the guest paused: dm-thin unmapped 6.9 GiB of 4 MiB chunks in
     * 0.87 s in the lab, so a mostly empty disk of terabytes would hold it for minutes; what is left
     * stays provisioned.
     */
    static final Duration BUDGET = Duration.ofSeconds(2);
    /**
     * At most about this much is discarded at a time in the pause, half a second in the lab, between
     * two looks at the budget.
     */
    static final long PIECE = 4L << 30;
    /**
     * At most this many runs of zero chunks, the longest, are given back before the pause: each is
     * discarded again in it, one discard a run whatever its length, so that their count bounds that
     * part of the pause; the shorter ones wait for the pause's budget.
     */
    static final int RUNS_BEFORE_PAUSE = 64;
    /**
     * The journal's entry, the LV's device its detail: chunks of that LV were given back before its
     * pivot, the guest running, so that until a check with the guest paused the LV may differ from
     * the source wherever the guest wrote since.
     */
    static final String GIVEN_BACK_BEFORE_PIVOT = "GivenBackBeforePivot";

    private final ThinDiscards discards;
    private final PausedMaps pausedMaps;
    private final RunPorts run;
    private final CopyTimings timings;
    private final PrintWriter log;
    private final CopyLive step;
    private final String sourceFormat;
    private final CreateVolume volume;
    /** The LV's zero chunks, from the map read before the pause; empty when nothing is given back. */
    private final Optional<ChunkRanges> zerosBefore;
    /** Why nothing is given back, said in the pause; empty when there is nothing to say. */
    private final Optional<String> nothing;
    /** The runs a discard was tried on before the pause, in order. */
    private List<Extent> givenBackBefore = List.of();

    /**
     * The reclaim for {@code step}'s LV, created as {@code volume}, its source read as
     * {@code sourceFormat} (the live definition's), with what it may give back read now with
     * {@code qemuImg}, before the guest is paused ({@link ReclaimableChunks#read}), and read again
     * with {@code pausedMaps} in the pause; {@code timings} say how often the catch-up in the pause
     * is looked at.
     */
    ThinReclaim(
            LvmPorts lvm,
            QemuImg qemuImg,
            PausedMaps pausedMaps,
            RunPorts run,
            CopyTimings timings,
            PrintWriter log,
            CopyLive step,
            String sourceFormat,
            CreateVolume volume) {
        this.discards = lvm.discards();
        this.pausedMaps = pausedMaps;
        this.run = run;
        this.timings = timings;
        this.log = log;
        this.step = step;
        this.sourceFormat = sourceFormat;
        this.volume = volume;
        ReclaimableChunks reclaimable =
                ReclaimableChunks.read(lvm.reads(), qemuImg, run.mode(), step, sourceFormat, volume);
        this.zerosBefore = reclaimable.zeros();
        this.nothing = reclaimable.nothing();
        if (zerosBefore.isPresent()) {
            pausedMaps.prepare();
        }
    }

    /** Whether {@code journal} says that chunks of {@code device} were given back before its pivot. */
    public static boolean givenBackBeforePivot(DomainJournal journal, String device) {
        return journal.entries().stream()
                .anyMatch(entry -> entry.kind().equals(GIVEN_BACK_BEFORE_PIVOT)
                        && entry.detail().equals(device));
    }

    /**
     * Before the pause, the guest running: gives the longest runs of zero chunks back, journaled
     * through {@code save} before the first discard, so that no later run switches the guest onto
     * this copy without the check {@link #inPause} makes.
     */
    void beforePause(DomainJournal journal, Consumer<DomainJournal> save) {
        if (zerosBefore.isEmpty()) {
            return;
        }
        ChunkRanges runs = zerosBefore.get().longest(RUNS_BEFORE_PAUSE);
        save.accept(journal.with(new JournalEntry(
                AutostartPause.DOMAIN,
                GIVEN_BACK_BEFORE_PIVOT,
                JournalEntry.StepState.DONE,
                run.now(),
                step.device())));
        Instant start = run.clock().instant();
        List<Extent> tried = new ArrayList<>();
        Round round = discard(runs.ranges(), Optional.empty(), tried);
        // Every run a discard was tried on, refused or not: a refused one may have been given back in part.
        givenBackBefore = tried;
        if (round.refused().isPresent()) {
            log.println("  the thin pool took back " + Bytes.format(round.given()) + " of " + step.device() + "'s zero"
                    + " chunks before the pause, then refused the rest ("
                    + round.refused().get() + ")");
            return;
        }
        ChunkRanges shorter = zerosBefore.get().minus(runs);
        log.println(
                "  gave " + Bytes.format(round.given()) + " of zero chunks of " + step.device() + " back to thin pool "
                        + volume.pool() + " in " + millis(start) + " ms before the pause, the guest running"
                        + (shorter.isEmpty()
                                ? ""
                                : "; " + shorter.ranges().size() + " shorter runs of them ("
                                        + Bytes.format(shorter.bytes()) + ") wait for the pause"));
    }

    /**
     * With the guest paused: false when the LV may differ from the source in chunks given back before
     * the pause (the guest must not be switched onto it); else true, with the zero chunks given back.
     */
    boolean inPause(BlockCopy copy, PauseParts parts) {
        if (zerosBefore.isEmpty()) {
            nothing.ifPresent(why -> log.println("  " + why));
            return true;
        }
        Instant start = run.clock().instant();
        copy.awaitCaughtUp(PausedCompare.CATCH_UP, timings.pausedPoll());
        parts.ended("catch-up");
        PausedMap map = pausedMaps.read(step.source(), sourceFormat);
        ChunkRanges zeros = ChunkRanges.zerosOf(map.map(), zerosBefore.get().chunkBytes());
        parts.ended("map");
        log.println("  the map of " + step.source() + " in the pause: " + map.how());
        ChunkRanges before = new ChunkRanges(zeros.chunkBytes(), givenBackBefore);
        ChunkRanges written = before.minus(zeros);
        if (!written.isEmpty()) {
            log.println(
                    "  not switched: " + Bytes.format(written.bytes()) + " of the chunks given back before the pause"
                            + " hold data in " + step.source()
                            + " now (the guest wrote there after its map was read, or QEMU had not"
                            + " yet written that part of the map), so " + step.device() + " may differ from it there");
            return false;
        }
        Round again = discard(givenBackBefore, Optional.empty(), new ArrayList<>());
        parts.ended("discards again");
        if (again.refused().isPresent()) {
            log.println("  not switched: the chunks given back before the pause could not be discarded again with the"
                    + " guest paused (" + again.refused().get() + "), so " + step.device() + " may differ from "
                    + step.source() + " there");
            return false;
        }
        Round round = discard(zeros.minus(before).pieces(PIECE), Optional.of(start.plus(BUDGET)), new ArrayList<>());
        parts.ended("new zeros");
        if (round.refused().isPresent()) {
            // A discard changes no byte the guest reads, given back or not: the move goes on without the rest.
            log.println("  the thin pool took back " + Bytes.format(round.given()) + " of " + step.device() + "'s zero"
                    + " chunks, then refused the rest (" + round.refused().get() + "); the LV keeps them provisioned");
            return true;
        }
        String left = round.left() > 0
                ? "; " + Bytes.format(round.left()) + " more stay provisioned, to keep the pause" + " near "
                        + BUDGET.toSeconds() + " s"
                : "";
        if (before.isEmpty()) {
            log.println(
                    "  gave " + Bytes.format(round.given()) + " of zero chunks of " + step.device() + " back to thin"
                            + " pool " + volume.pool() + " in " + millis(start) + " ms, the guest paused" + left);
        } else {
            log.println("  discarded again the " + Bytes.format(before.bytes()) + " given back before the pause"
                    + " (zeros in " + step.source() + " still) and gave " + Bytes.format(round.given())
                    + " more of zero"
                    + " chunks of " + step.device() + " back to thin pool " + volume.pool() + ", in " + millis(start)
                    + " ms, the guest paused" + left);
        }
        return true;
    }

    /** What one round of discards gave back and left, and the refusal that ended it. */
    private record Round(long given, long left, Optional<String> refused) {}

    /**
     * Discards {@code ranges} of the LV in order, each added to {@code tried} first, until one is
     * refused or {@code deadline} has passed.
     */
    private Round discard(List<Extent> ranges, Optional<Instant> deadline, List<Extent> tried) {
        long given = 0;
        long left = ranges.stream().mapToLong(Extent::length).sum();
        if (ranges.isEmpty()) {
            return new Round(given, left, Optional.empty());
        }
        // One opening of the LV for the round: in the pause every discard is pause time.
        try (ThinDiscards.Discarding lv = discards.open(volume.vg(), volume.name())) {
            for (Extent range : ranges) {
                if (deadline.filter(end -> !run.clock().instant().isBefore(end)).isPresent()) {
                    break;
                }
                tried.add(range);
                lv.discard(range.start(), range.length());
                given += range.length();
                left -= range.length();
            }
        } catch (VirtTuneException refused) {
            return new Round(given, left, Optional.of(refused.getMessage()));
        }
        return new Round(given, left, Optional.empty());
    }

    private long millis(Instant start) {
        return Duration.between(start, run.clock().instant()).toMillis();
    }
}

package io.virttune.bench;

import java.util.List;
import java.util.Objects;

/**
 * What one profile (one fio job, run {@code runs} times) measured: per direction the runs' average,
 * their peak and their low.
 *
 * @param read the runs' average reading, null when the job did no reads (a pure write job)
 * @param write the runs' average writing, null when the job did no writes (a pure read job)
 * @param readPeak the runs' peak reading, as KDiskMark reports it; null in results stored before
 *     runs were repeated
 * @param writePeak the runs' peak writing, as KDiskMark reports it; null in results stored before
 *     runs were repeated
 * @param readLow the worst run's reading, metric by metric; null in results stored before lows were
 *     kept
 * @param writeLow the worst run's writing, metric by metric; null in results stored before lows
 *     were kept
 */
public record ProfileResult(
        String name,
        String rw,
        String blockSize,
        int iodepth,
        IoMetrics read,
        IoMetrics write,
        IoMetrics readPeak,
        IoMetrics writePeak,
        IoMetrics readLow,
        IoMetrics writeLow) {

    /** One fio run: its figures are the average, the peak and the low. */
    static ProfileResult single(
            String name, String rw, String blockSize, int iodepth, IoMetrics read, IoMetrics write) {
        return new ProfileResult(name, rw, blockSize, iodepth, read, write, read, write, read, write);
    }

    /** The runs of one profile, combined: KDiskMark's average and peak of each direction. */
    static ProfileResult ofRuns(List<ProfileResult> runs) {
        ProfileResult first = runs.get(0);
        List<IoMetrics> reads =
                runs.stream().map(ProfileResult::read).filter(Objects::nonNull).toList();
        List<IoMetrics> writes =
                runs.stream().map(ProfileResult::write).filter(Objects::nonNull).toList();
        return new ProfileResult(
                first.name(),
                first.rw(),
                first.blockSize(),
                first.iodepth(),
                reads.isEmpty() ? null : IoMetrics.average(reads),
                writes.isEmpty() ? null : IoMetrics.average(writes),
                reads.isEmpty() ? null : IoMetrics.peak(reads),
                writes.isEmpty() ? null : IoMetrics.peak(writes),
                reads.isEmpty() ? null : IoMetrics.low(reads),
                writes.isEmpty() ? null : IoMetrics.low(writes));
    }

    /** The average of the runs in one direction. */
    public IoMetrics direction(Direction direction) {
        return direction == Direction.READ ? read : write;
    }

    /** The best of the runs in one direction; null when not recorded. */
    public IoMetrics peak(Direction direction) {
        return direction == Direction.READ ? readPeak : writePeak;
    }

    /** The worst of the runs in one direction; null when not recorded. */
    public IoMetrics low(Direction direction) {
        return direction == Direction.READ ? readLow : writeLow;
    }

    /** Random I/O (4k, rw=randread/randwrite/randrw), as opposed to sequential. */
    public boolean random() {
        return rw.startsWith("rand");
    }
}

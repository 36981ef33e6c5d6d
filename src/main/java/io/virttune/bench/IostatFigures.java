package io.virttune.bench;

import io.virttune.VirtTuneException;

/**
 * A block device's activity between two diskstats samples, computed as {@code iostat -x} does:
 * requests and kB per second, await (ms per completed request), average queue size, and %util.
 */
public record IostatFigures(
        String device,
        double seconds,
        double readsPerSecond,
        double writesPerSecond,
        double readKBPerSecond,
        double writeKBPerSecond,
        double awaitMs,
        double readAwaitMs,
        double writeAwaitMs,
        double queueSize,
        double utilPercent) {

    public static IostatFigures between(DiskStatsSample first, DiskStatsSample second, String device) {
        DiskStatsSample.DeviceCounters a = first.device(device).orElseThrow(() -> absent(device));
        DiskStatsSample.DeviceCounters b = second.device(device).orElseThrow(() -> absent(device));
        double seconds = second.uptimeSeconds() - first.uptimeSeconds();
        if (seconds <= 0) {
            throw new IllegalArgumentException("the samples are not in time order");
        }
        double ms = seconds * 1000;
        long reads = b.reads() - a.reads();
        long writes = b.writes() - a.writes();
        return new IostatFigures(
                device,
                seconds,
                reads / seconds,
                writes / seconds,
                (b.sectorsRead() - a.sectorsRead()) / 2.0 / seconds,
                (b.sectorsWritten() - a.sectorsWritten()) / 2.0 / seconds,
                perRequest(b.msReading() - a.msReading() + b.msWriting() - a.msWriting(), reads + writes),
                perRequest(b.msReading() - a.msReading(), reads),
                perRequest(b.msWriting() - a.msWriting(), writes),
                (b.weightedMs() - a.weightedMs()) / ms,
                Math.min(100, (b.msDoingIo() - a.msDoingIo()) * 100 / ms));
    }

    /** iostat -x's columns in one line: {@code dm-0: r/s 0.0, w/s 1.1, ..., %util 0.0}. */
    public String describe() {
        return device + ": r/s " + Figures.format(readsPerSecond) + ", w/s " + Figures.format(writesPerSecond)
                + ", rkB/s " + Figures.format(readKBPerSecond) + ", wkB/s " + Figures.format(writeKBPerSecond)
                + ", await " + Figures.format(awaitMs) + " ms, aqu-sz " + Figures.format(queueSize)
                + ", %util " + Figures.format(utilPercent);
    }

    private static double perRequest(long ms, long requests) {
        return requests == 0 ? 0 : (double) ms / requests;
    }

    private static VirtTuneException absent(String device) {
        return VirtTuneException.failed("no device " + device + " in /proc/diskstats");
    }
}

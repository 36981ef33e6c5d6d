package io.virttune.plan;

/**
 * A plan step that copies a running guest's disk onto its LV with libvirt's block copy, then pivots
 * the guest onto it, the source staying the truth until the pivot.
 *
 * @param disk the disk's target, copied while the guest runs
 * @param device the LV the disk is copied onto
 * @param bandwidthBytesPerSecond caps the copy (0: no cap)
 * @param synchronousWrites each guest write reaches the LV before the guest sees it done, so the
 *     copy converges however hard the guest writes
 * @param verifyPaused the pivot waits, the guest paused, for a compare of source and LV to find
 *     them equal
 */
public record CopyLive(
        String disk,
        String source,
        String device,
        long bandwidthBytesPerSecond,
        boolean synchronousWrites,
        boolean verifyPaused)
        implements Step {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.copyLive(this);
    }

    /** This copy with synchronous writes from its start. */
    public CopyLive withSynchronousWrites() {
        return new CopyLive(disk, source, device, bandwidthBytesPerSecond, true, verifyPaused);
    }

    @Override
    public String describe() {
        return "copy disk " + disk + " (" + source + ") onto " + device + " while the guest runs, then switch the guest"
                + " onto it (block copy and pivot"
                + Bandwidth.atMost(bandwidthBytesPerSecond)
                + (synchronousWrites ? ", guest writes mirrored synchronously" : "")
                + (verifyPaused ? ", source and LV compared with the guest paused before the switch" : "") + ")";
    }
}

package io.virttune.plan;

/**
 * Copy the disk {@code disk} of a running guest onto the LV {@code device} with libvirt's block
 * copy while the guest runs, then pivot the guest onto it; until the pivot the source stays the
 * truth. {@code bandwidthBytesPerSecond} caps the copy (0: no cap); with {@code synchronousWrites}
 * each guest write reaches the LV before the guest sees it done, so the copy converges however
 * hard the guest writes; with {@code verifyPaused} the pivot waits, the guest paused, for a
 * compare of source and LV to find them equal.
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

    @Override
    public String describe() {
        return "copy disk " + disk + " (" + source + ") onto " + device + " while the guest runs, then switch the guest"
                + " onto it (block copy and pivot"
                + Bandwidth.atMost(bandwidthBytesPerSecond)
                + (synchronousWrites ? ", guest writes mirrored synchronously" : "")
                + (verifyPaused ? ", source and LV compared with the guest paused before the switch" : "") + ")";
    }
}

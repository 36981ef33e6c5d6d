package io.virttune.plan;

import io.virttune.text.Bytes;

/**
 * Copy an image (the top of its chain, so backing files are flattened in) into a block device as raw.
 *
 * @param targetIsZero true only for a fresh thin LV, which reads as zeros: then only allocated data
 *     is written; a linear LV holds old data and must get the zeros written too
 * @param bandwidthBytesPerSecond the copy's cap (0: no cap)
 */
public record ConvertImage(
        String source,
        String sourceFormat,
        String target,
        boolean targetIsZero,
        long virtualSizeBytes,
        long allocatedBytes,
        long bandwidthBytesPerSecond)
        implements Step {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.convertImage(this);
    }

    @Override
    public String describe() {
        return "copy " + source + " (" + sourceFormat + ", " + Bytes.format(virtualSizeBytes) + ", "
                + Bytes.format(allocatedBytes) + " allocated) to "
                + target + " as raw" + (targetIsZero ? ", writing only allocated data" : ", zeros included")
                + Bandwidth.atMost(bandwidthBytesPerSecond);
    }
}

package io.virttune.qemu;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a flattened image holds data, from {@code qemu-img map --output=json}: the regions a
 * conversion with {@code --target-is-zero} writes ({@code dataExtents}), and those qemu-img says
 * read as zeros ({@code zeroExtents}, whether or not the image allocates them).
 */
public record AllocationMap(long virtualSizeBytes, List<Extent> dataExtents, List<Extent> zeroExtents) {

    /** One region, in guest-visible bytes. */
    public record Extent(long start, long length) {
        long end() {
            return start + length;
        }
    }

    public AllocationMap {
        dataExtents = List.copyOf(dataExtents);
        zeroExtents = List.copyOf(zeroExtents);
    }

    /** Reads qemu-img's map: an array of regions in order, each with {@code data} true or false. */
    public static AllocationMap parse(String json) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw VirtTuneException.failed("qemu-img printed a map that is not JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isArray()) {
            throw VirtTuneException.failed("qemu-img printed a map that is not a list of regions");
        }
        long end = 0;
        List<Extent> data = new ArrayList<>();
        List<Extent> zeros = new ArrayList<>();
        for (JsonNode region : root) {
            Extent extent = new Extent(
                    region.path("start").asLong(), region.path("length").asLong());
            end = Math.max(end, extent.end());
            if (region.path("data").asBoolean(false)) {
                data.add(extent);
            }
            // Only qemu-img's word that a region reads as zeros counts: a missing field never does.
            if (region.path("zero").asBoolean(false)) {
                zeros.add(extent);
            }
        }
        return new AllocationMap(end, data, zeros);
    }

    /**
     * The whole chunks of {@code chunkBytes}, counted from the image's first byte, that lie inside
     * regions reading as zeros, adjacent chunks joined: on a thin LV holding a copy of the image,
     * the chunks a discard can give back to the pool without changing a byte the guest reads.
     */
    public List<Extent> zeroChunks(long chunkBytes) {
        List<Extent> chunks = new ArrayList<>();
        long runStart = -1;
        long runEnd = -1;
        for (Extent zero : zeroExtents) {
            if (zero.start() != runEnd) {
                addWholeChunks(chunks, runStart, runEnd, chunkBytes);
                runStart = zero.start();
            }
            runEnd = zero.end();
        }
        addWholeChunks(chunks, runStart, runEnd, chunkBytes);
        return chunks;
    }

    private static void addWholeChunks(List<Extent> chunks, long start, long end, long chunkBytes) {
        long first = (start + chunkBytes - 1) / chunkBytes * chunkBytes;
        long last = end / chunkBytes * chunkBytes;
        if (start >= 0 && last > first) {
            chunks.add(new Extent(first, last - first));
        }
    }

    public long allocatedBytes() {
        return dataExtents.stream().mapToLong(Extent::length).sum();
    }

    /**
     * What converting into a fresh thin LV provisions in a pool of {@code chunkBytes} chunks: every
     * chunk that data touches, plus the chunk holding the image's last byte when the image ends
     * inside one (the conversion zeroes the rest of that chunk, see {@link LvConversion}).
     */
    public long thinProvisionedBytes(long chunkBytes) {
        long chunks = 0;
        long lastCounted = -1;
        for (Extent extent : dataExtents) {
            long first = Math.max(extent.start() / chunkBytes, lastCounted + 1);
            long last = (extent.start() + extent.length() - 1) / chunkBytes;
            if (last >= first) {
                chunks += last - first + 1;
                lastCounted = last;
            }
        }
        boolean endsInsideChunk = virtualSizeBytes % chunkBytes != 0;
        if (endsInsideChunk && lastCounted != (virtualSizeBytes - 1) / chunkBytes) {
            chunks++;
        }
        return chunks * chunkBytes;
    }
}

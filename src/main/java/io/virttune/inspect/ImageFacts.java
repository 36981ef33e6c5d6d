package io.virttune.inspect;

import io.virttune.qemu.ThinFootprint;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One disk image as far as it could be read: from {@code qemu-img info} and {@code qemu-img map}
 * when the image is on this host, else from libvirt's storage pool (which knows neither internal
 * snapshots nor where the data is).
 *
 * @param allocatedBytes the chain's {@code actual-size}, its external data files' included: the files'
 *     blocks, not what a copy writes
 * @param thinFootprint what the guest-visible data (backing files and external data file
 *     included) takes in a thin pool at each chunk size; empty when not read with qemu-img
 */
public record ImageFacts(
        String path,
        String format,
        long virtualSizeBytes,
        long allocatedBytes,
        List<String> backingChain,
        boolean encrypted,
        OptionalInt internalSnapshots,
        String readFrom,
        Optional<ThinFootprint> thinFootprint) {

    public ImageFacts {
        backingChain = List.copyOf(backingChain);
    }

    /** An image whose data was not mapped. */
    public ImageFacts(
            String path,
            String format,
            long virtualSizeBytes,
            long allocatedBytes,
            List<String> backingChain,
            boolean encrypted,
            OptionalInt internalSnapshots,
            String readFrom) {
        this(
                path,
                format,
                virtualSizeBytes,
                allocatedBytes,
                backingChain,
                encrypted,
                internalSnapshots,
                readFrom,
                Optional.empty());
    }

    public boolean hasBackingChain() {
        return !backingChain.isEmpty();
    }
}

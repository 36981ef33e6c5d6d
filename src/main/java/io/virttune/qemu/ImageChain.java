package io.virttune.qemu;

import java.util.List;

/** A disk image and its backing files, the image the guest writes to first. */
public record ImageChain(List<ImageInfo> layers) {

    public ImageChain {
        if (layers.isEmpty()) {
            throw new IllegalArgumentException("an image chain has at least one image");
        }
        layers = List.copyOf(layers);
    }

    public ImageInfo top() {
        return layers.get(0);
    }

    public int depth() {
        return layers.size();
    }

    public boolean hasBackingChain() {
        return layers.size() > 1;
    }

    public boolean anyEncrypted() {
        return layers.stream().anyMatch(ImageInfo::encrypted);
    }

    /** Snapshots of the top image, the ones a flattening conversion would silently lose. */
    public int internalSnapshotCount() {
        return top().internalSnapshots().size();
    }
}

package io.virttune.inspect;

import java.util.List;
import java.util.OptionalInt;

/**
 * One disk image as far as it could be read: from {@code qemu-img info} when the image is on this
 * host, else from libvirt's storage pool (which does not know about internal snapshots).
 */
public record ImageFacts(
    String path,
    String format,
    long virtualSizeBytes,
    long allocatedBytes,
    List<String> backingChain,
    boolean encrypted,
    OptionalInt internalSnapshots,
    String readFrom) {

  public ImageFacts {
    backingChain = List.copyOf(backingChain);
  }

  public boolean hasBackingChain() {
    return !backingChain.isEmpty();
  }
}

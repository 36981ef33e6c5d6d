package io.virttune.apply;

import io.virttune.apply.ports.ImageHolds;
import java.util.ArrayList;
import java.util.List;

/**
 * A domain's source images held against a starting guest from preflight until after the define.
 */
final class SourceHolds implements AutoCloseable {
    private final ImageHolds holds;
    private final List<String> images;
    private final String domain;
    private final List<ImageHolds.Hold> held = new ArrayList<>();

    SourceHolds(ImageHolds holds, List<String> images, String domain) {
        this.holds = holds;
        this.images = List.copyOf(images);
        this.domain = domain;
    }

    /** Holds every image; refused (exit 3) when a process has one in use. */
    void take() {
        for (String image : images) {
            held.add(holds.hold(image, domain));
        }
    }

    /** Runs {@code action} with the images let go, and holds them again once it succeeded. */
    void whileReleased(Runnable action) {
        boolean wasHeld = !held.isEmpty();
        close();
        action.run();
        if (wasHeld) {
            take();
        }
    }

    @Override
    public void close() {
        held.forEach(ImageHolds.Hold::close);
        held.clear();
    }
}

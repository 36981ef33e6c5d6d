package io.virttune.recipe;

/**
 * What the guest itself says about its VirtIO storage driver: bound to a virtio-blk disk (with
 * the driver, its version and where that was read), or why there is no such evidence. Only
 * {@link #bound()} evidence lets a Windows guest's buses switch; the text says what was seen.
 */
public record DriverEvidence(boolean bound, String text) {

    /** viostor bound, as {@code source} reported it. */
    public static DriverEvidence bound(String version, String source) {
        return new DriverEvidence(true, "viostor " + version + " bound (" + source + ")");
    }

    private static final String NONE = "no evidence: ";

    /** No evidence that the driver is bound, and why. */
    public static DriverEvidence none(String why) {
        return new DriverEvidence(false, NONE + why);
    }

    /** The evidence a plan recorded as its {@link #text()}: bound unless the text says there was none. */
    public static DriverEvidence recorded(String text) {
        return new DriverEvidence(!text.startsWith(NONE), text);
    }
}

package io.virttune.recipe;

import io.virttune.lvm.LogicalVolume;
import io.virttune.xml.DiskView;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The small virtio disk virt-tune adds to a Windows guest so that one boot binds its VirtIO storage
 * driver.
 */
public final class TemporaryDisk {
    /** LV name suffix of the temporary disk; {@code -2}, {@code -3}, ... follow when the name was taken. */
    public static final String PURPOSE = "virtio-stage";

    /** The tag apply puts on every LV it creates. */
    public static final String TAG = "virt-tune";

    /** Compiled once: every rule asks of every disk, 12,000 times for a host of 1000 domains. */
    private static final Pattern NAMED_LIKE_ONE = Pattern.compile(".*-" + PURPOSE + "(-\\d+)?");

    private TemporaryDisk() {}

    /** What a disk is, as far as virt-tune's temporary disk goes. */
    public enum Kind {
        /** Not named like one. */
        NONE,
        /** The domain's own: its LV is named for the purpose and tagged for this domain. */
        OURS,
        /** Named like one, but its LV is unknown (an offline plan) or lacks the domain's tags. */
        LOOKALIKE
    }

    public static Kind of(DiskView view, Optional<LogicalVolume> lv, Optional<String> domainUuid) {
        if (!looksLikeOne(view)) {
            return Kind.NONE;
        }
        boolean tagged = domainUuid.isPresent()
                && lv.filter(volume -> volume.hasTag(TAG) && volume.hasTag(TAG + "-" + domainUuid.get()))
                        .isPresent();
        return tagged ? Kind.OURS : Kind.LOOKALIKE;
    }

    /** Why a disk named like a temporary disk, but not provably one, is left as it is. */
    public static String lookalikeReason() {
        return "named like virt-tune's temporary Windows disk (-" + PURPOSE + ") but its LV does not carry"
                + " virt-tune's tags for this domain: left as it is; rename it to have it tuned";
    }

    /** Named like a temporary disk, whoever made it. */
    static boolean looksLikeOne(DiskView view) {
        return view.sourcePath()
                .filter(path -> NAMED_LIKE_ONE.matcher(path).matches())
                .isPresent();
    }
}

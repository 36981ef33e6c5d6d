package io.virttune.lvm;

import io.virttune.VirtTuneException;
import java.util.List;
import java.util.Set;

/**
 * The naming rules of lvm(8) "VALID NAMES" and lvcreate(8)'s thin-pool chunk sizes, and names for
 * new LVs that follow them. Plan and apply both validate here, so a plan never holds what apply
 * would refuse.
 */
public final class LvmNames {
    /** LVM stores names in 128-byte buffers including the terminating NUL. */
    public static final int MAX_LENGTH = 127;

    /**
     * The longest {@code VG/LV} lvcreate accepts, found in the lab with lvm2 2.03: it counts the two
     * names plus three bytes and refuses 128 or more ("LV name ... length 128 is not supported").
     */
    public static final int MAX_QUALIFIED_LENGTH = 125;

    /**
     * Derived names stay this short so that {@code /dev/mapper/VG-LV} (dashes doubled) plus LVM's
     * internal suffixes such as {@code _tdata} fit the kernel's 127-character device-mapper names.
     */
    static final int MAX_DERIVED_LENGTH = 64;

    private static final List<String> RESERVED_PREFIXES = List.of("snapshot", "pvmove");
    private static final List<String> RESERVED_PARTS = List.of(
            "_cdata",
            "_cmeta",
            "_corig",
            "_cpool",
            "_cvol",
            "_imeta",
            "_iorig",
            "_mimage",
            "_mlog",
            "_pmspare",
            "_rimage",
            "_rmeta",
            "_tdata",
            "_tmeta",
            "_vdata",
            "_vorigin",
            "_wcorig");

    /**
     * lvcreate(8): a thin pool's chunk is a multiple of 64 KiB from 64 KiB to 1 GiB; thin-pool
     * targets before 1.4 (and discards before 1.5) need a power of two, so only those are taken.
     */
    private static final long MIN_THIN_CHUNK = 64L << 10;

    private static final long MAX_THIN_CHUNK = 1L << 30;

    private LvmNames() {}

    /** Whether LVM accepts {@code name} as a volume group name. */
    public static boolean isValidVolumeGroupName(String name) {
        return name != null
                && !name.isEmpty()
                && name.length() <= MAX_LENGTH
                && name.chars().allMatch(LvmNames::isAllowed)
                && !name.startsWith("-")
                && !name.equals(".")
                && !name.equals("..");
    }

    /** Whether LVM accepts {@code name} as a logical volume name. */
    public static boolean isValid(String name) {
        return isValidVolumeGroupName(name)
                && RESERVED_PREFIXES.stream().noneMatch(name::startsWith)
                && RESERVED_PARTS.stream().noneMatch(name::contains);
    }

    /** Refuses (exit 2) a volume group name LVM would refuse; plan and apply both check here. */
    public static void requireValidVolumeGroup(String name) {
        if (!isValidVolumeGroupName(name)) {
            throw VirtTuneException.usage("'" + name + "' is not a valid LVM volume group name");
        }
    }

    /** Refuses (exit 2) an LV name LVM would refuse in {@code vg}, or a VG/LV too long for it. */
    public static void requireValidLogicalVolume(String vg, String name) {
        if (!isValid(name)) {
            throw VirtTuneException.usage(
                    "'" + name + "' is not a valid LVM logical volume name (in volume group " + vg + ")");
        }
        if (vg.length() + 1 + name.length() > MAX_QUALIFIED_LENGTH) {
            throw VirtTuneException.usage("'" + new VolumeName(vg, name) + "' is longer than the "
                    + MAX_QUALIFIED_LENGTH + " characters LVM accepts for VG/LV");
        }
    }

    /** Refuses (exit 2) a thin-pool chunk size that is not a power of two from 64 KiB to 1 GiB. */
    public static void requireValidThinChunk(long bytes) {
        if (bytes < MIN_THIN_CHUNK || bytes > MAX_THIN_CHUNK || Long.bitCount(bytes) != 1) {
            throw VirtTuneException.usage(
                    "thin-pool chunk size " + bytes + " bytes is not a power of two from"
                            + " 64 KiB to 1 GiB (what LVM takes on every dm-thin version): use 64K, 128K, ... 4M (the recipe's), ... 1G");
        }
    }

    /**
     * A valid LV name for a domain's disk, {@code DOMAIN-TARGET} made safe, not in {@code taken}:
     * characters LVM refuses become {@code _}, reserved words are defused, and a collision gets
     * {@code -2}, {@code -3}, ... appended.
     */
    public static String derive(String domain, String target, Set<String> taken) {
        String base = defuse(sanitize(domain) + "-" + sanitize(target));
        String candidate = truncate(base, MAX_DERIVED_LENGTH);
        for (int n = 2; taken.contains(candidate); n++) {
            String suffix = "-" + n;
            candidate = truncate(base, MAX_DERIVED_LENGTH - suffix.length()) + suffix;
        }
        return candidate;
    }

    private static String sanitize(String part) {
        StringBuilder safe = new StringBuilder();
        part.codePoints().forEach(c -> {
            boolean allowed = c < 128 && isAllowed(c);
            // A run of refused characters (spaces, quotes, one non-ASCII letter) becomes one '_'.
            if (allowed) {
                safe.appendCodePoint(c);
            } else if (safe.length() == 0 || safe.charAt(safe.length() - 1) != '_') {
                safe.append('_');
            }
        });
        return safe.length() == 0 ? "_" : safe.toString();
    }

    private static String defuse(String name) {
        String result = name;
        if (result.startsWith("-") || RESERVED_PREFIXES.stream().anyMatch(result::startsWith)) {
            result = "vm_" + result;
        }
        for (String part : RESERVED_PARTS) {
            // "db_tmeta" becomes "db-tmeta": still readable, no longer LVM's internal suffix.
            result = result.replace(part, "-" + part.substring(1));
        }
        return result;
    }

    private static String truncate(String name, int length) {
        return name.length() <= length ? name : name.substring(0, length);
    }

    private static boolean isAllowed(int c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '+'
                || c == '_'
                || c == '.'
                || c == '-';
    }
}

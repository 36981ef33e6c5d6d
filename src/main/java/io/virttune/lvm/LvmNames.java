package io.virttune.lvm;

import java.util.List;
import java.util.Set;

/** The naming rules of lvm(8) "VALID NAMES", and names for new LVs that follow them. */
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
      "_cdata", "_cmeta", "_corig", "_cpool", "_cvol", "_imeta", "_iorig", "_mimage", "_mlog",
      "_pmspare", "_rimage", "_rmeta", "_tdata", "_tmeta", "_vdata", "_vorigin");

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
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c == '+' || c == '_' || c == '.' || c == '-';
  }
}

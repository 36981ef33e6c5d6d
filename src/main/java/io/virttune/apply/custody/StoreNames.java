package io.virttune.apply.custody;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One name for one store: an image by its real path, an LV by {@code /dev/VG/LV} whether a
 * definition wrote that, {@code /dev/mapper/VG-LV} or a symlink to either.
 */
public final class StoreNames {
  private static final String MAPPER = "/dev/mapper/";

  private StoreNames() {}

  public static String canonical(String store) {
    String name = store.startsWith(MAPPER) ? fromMapper(store.substring(MAPPER.length())) : store;
    Path path = Path.of(name).toAbsolutePath().normalize();
    try {
      Path real = path.toRealPath();
      // /dev/VG/LV is a symlink to /dev/dm-N: keep the LVM name, which is what the journal holds.
      return real.startsWith("/dev/dm-") ? path.toString() : real.toString();
    } catch (IOException | RuntimeException e) {
      return path.toString();
    }
  }

  /** {@code VG-LV} with each '-' inside a name doubled, as device-mapper names LVs. */
  private static String fromMapper(String name) {
    for (int i = 0; i < name.length(); i++) {
      if (name.charAt(i) == '-') {
        if (i + 1 < name.length() && name.charAt(i + 1) == '-') {
          i++;
        } else {
          return "/dev/" + name.substring(0, i).replace("--", "-") + "/" + name.substring(i + 1).replace("--", "-");
        }
      }
    }
    return MAPPER + name;
  }
}

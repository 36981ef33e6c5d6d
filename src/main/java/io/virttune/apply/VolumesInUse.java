package io.virttune.apply;

import io.virttune.lvm.LogicalVolume;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The block devices that domains' definitions name as disk sources, so that an LV any of them
 * uses is never removed, whatever a journal says. A path is matched as written and, when it
 * exists, by its real path ({@code /dev/VG/LV}, {@code /dev/mapper/VG-LV} and {@code /dev/dm-N}
 * are one device).
 */
final class VolumesInUse {
  /** Each source path, as written and as its real path, to the name of a domain that uses it. */
  private final Map<String, String> users = new HashMap<>();

  VolumesInUse(List<String> definitions) {
    for (String xml : definitions) {
      DomainXml domain = DomainXml.parse(xml, "a domain's definition");
      for (DiskView disk : domain.disks()) {
        disk.sourcePath().ifPresent(path -> {
          users.put(path, domain.name());
          realPath(path).ifPresent(real -> users.put(real, domain.name()));
        });
      }
    }
  }

  /** The name of a domain whose definition uses the LV, or empty when none does. */
  Optional<String> user(LogicalVolume lv) {
    return Optional.ofNullable(users.get(lv.devicePath()))
        .or(() -> Optional.ofNullable(users.get(lv.mapperPath())))
        .or(() -> realPath(lv.devicePath()).map(users::get));
  }

  private static Optional<String> realPath(String path) {
    try {
      Path file = Path.of(path);
      return Files.exists(file) ? Optional.of(file.toRealPath().toString()) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}

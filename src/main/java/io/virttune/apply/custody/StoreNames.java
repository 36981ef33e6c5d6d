package io.virttune.apply.custody;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * One name for one store: an image by its real path, an LV by {@code /dev/VG/LV} whether a
 * definition wrote that, {@code /dev/mapper/VG-LV} or a symlink to either; and, for a store that
 * exists, its device and inode (a hard link, a bind mount).
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

    /**
     * What identifies the store: its canonical name, and its device and inode when it exists, as
     * QEMU opens it (symlinks followed); two names with a key in common are one store.
     */
    public static List<Object> keys(String store) {
        String name = canonical(store);
        try {
            Object file = Files.readAttributes(Path.of(name), BasicFileAttributes.class)
                    .fileKey();
            return file == null ? List.of(name) : List.of(name, file);
        } catch (IOException | RuntimeException gone) {
            return List.of(name);
        }
    }

    /** {@code VG-LV} with each '-' inside a name doubled, as device-mapper names LVs. */
    private static String fromMapper(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) == '-') {
                if (i + 1 < name.length() && name.charAt(i + 1) == '-') {
                    i++;
                } else {
                    return "/dev/" + name.substring(0, i).replace("--", "-") + "/"
                            + name.substring(i + 1).replace("--", "-");
                }
            }
        }
        return MAPPER + name;
    }
}

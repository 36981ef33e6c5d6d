package io.virttune.qemu;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads a source image's allocation map with its guest paused, where every millisecond is the guest's:
 * in this process from a plain qcow2's own tables ({@link Qcow2Map}) where the image is this
 * machine's file, else with {@code qemu-img map}, as before the pause.
 */
public interface PausedMaps {

    /** The map of the image at {@code path}, read as {@code format} (the live definition's). */
    PausedMap read(String path, String format);

    /** Spends now, before the guest is paused, what the first {@link #read} would spend loading once. */
    default void prepare() {}

    /**
     * An image's map and how it was read, for the pause's log: {@code qemu-img map}, or this process,
     * and why not this process.
     */
    record PausedMap(AllocationMap map, String how) {}

    /** With {@code qemu-img map} alone, for {@code why} (the images are another host's). */
    static PausedMaps through(QemuImg qemuImg, String why) {
        return (path, format) -> new PausedMap(qemuImg.sharedMap(path, format), "qemu-img map (" + why + ")");
    }

    /**
     * In this process where the image is a plain qcow2 file; else, or where reading it fails in any
     * way, with {@code qemu-img map}, saying why. Only for images this process can open: the door is
     * this machine.
     */
    static PausedMaps inThisProcess(QemuImg qemuImg) {
        return new PausedMaps() {
            @Override
            public PausedMap read(String path, String format) {
                Optional<String> whyNot =
                        format.equals("qcow2") ? SparseFiles.unavailable() : Optional.of("a " + format + " image");
                if (whyNot.isPresent()) {
                    return through(qemuImg, whyNot.get()).read(path, format);
                }
                try {
                    return new PausedMap(Qcow2Map.read(Path.of(path)), "read in this process from its qcow2 tables");
                } catch (Qcow2Map.Unsupported unsupported) {
                    return through(qemuImg, "not read in this process: " + unsupported.getMessage())
                            .read(path, format);
                } catch (RuntimeException | LinkageError failed) {
                    // Whatever went wrong here, qemu-img still reads the map: the move need not fail for it.
                    return through(qemuImg, "not read in this process: " + failed)
                            .read(path, format);
                }
            }

            @Override
            public void prepare() {
                SparseFiles.unavailable();
            }
        };
    }
}

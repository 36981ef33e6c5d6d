package io.virttune.apply.custody;

import io.virttune.qemu.ImageInfo;
import io.virttune.qemu.QemuImg;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The backing files under an image as qemu-img finds them, which a definition seldom writes out. */
@FunctionalInterface
public interface BackingChains {
    /** The backing files of {@code image} (of that format), top first; empty for none or no such file. */
    List<String> of(String image, String format);

    /** Read on this host with {@code qemu-img info --backing-chain}. */
    static BackingChains read(QemuImg qemuImg) {
        return (image, format) -> Files.exists(Path.of(image))
                ? qemuImg.info(image, format).layers().stream()
                        .skip(1)
                        .map(ImageInfo::filename)
                        .toList()
                : List.of();
    }
}

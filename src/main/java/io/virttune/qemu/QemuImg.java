package io.virttune.qemu;

import io.virttune.VirtTuneException;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads disk images' metadata through {@code qemu-img info} and {@code qemu-img map}. */
public final class QemuImg {
    // qemu-img names the file it could not open: the image itself or one of its backing files.
    private static final Pattern MISSING_FILE = Pattern.compile("Could not open '([^']*)': No such file or directory");

    private final ProcessRunner runner;
    private final ImageInfoParser parser = new ImageInfoParser();

    public QemuImg(ProcessRunner runner) {
        this.runner = runner;
    }

    /**
     * Describes the image at {@code path}, read as {@code format}, and every backing file under it.
     * The format is the one the domain's definition declares, never one qemu-img guesses from the
     * content: a guest can write a qcow2 header, with a backing file of its choosing, into a raw
     * disk. Uses {@code -U} (force-share): only metadata is read, and the image may be in use.
     */
    public ImageChain info(String path, String format) {
        ProcessResult result = runner.run(List.of(
                "qemu-img", "info", "--output=json", "--backing-chain", "-U", "-f", format, QemuPaths.safe(path)));
        Matcher missing = MISSING_FILE.matcher(result.stderr());
        if (!result.succeeded() && missing.find()) {
            String file = missing.group(1);
            throw VirtTuneException.failed(
                    file.equals(QemuPaths.safe(path))
                            ? "Image " + path + " does not exist"
                            : "Backing file " + file + " of image " + path + " does not exist");
        }
        return parser.parse(result.requireSuccess().stdout());
    }

    /**
     * Where the image, read as {@code format} (the declared one, as for {@link #info}), flattened with
     * its backing files, holds data. Without {@code -U}: it is read just before a conversion, when
     * no guest may hold the image.
     */
    public AllocationMap map(String path, String format) {
        return map(List.of("-f", format, QemuPaths.safe(path)));
    }

    /**
     * The same map with {@code -U} (force-share), for inspecting an image a guest may be running on:
     * an estimate of where data is, which the copy's own {@link #map} reads again without it.
     */
    public AllocationMap sharedMap(String path, String format) {
        return map(List.of("-U", "-f", format, QemuPaths.safe(path)));
    }

    private AllocationMap map(List<String> image) {
        List<String> argv = new ArrayList<>(List.of("qemu-img", "map", "--output=json"));
        argv.addAll(image);
        return AllocationMap.parse(runner.run(argv).requireSuccess().stdout());
    }
}

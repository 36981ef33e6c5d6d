package io.virttune.qemu;

import io.virttune.VirtTuneException;
import io.virttune.process.ProcessResult;
import io.virttune.process.ProcessRunner;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads disk images' metadata through {@code qemu-img info} and {@code qemu-img map}. */
public final class QemuImg {
  // qemu-img names the file it could not open: the image itself or one of its backing files.
  private static final Pattern MISSING_FILE =
      Pattern.compile("Could not open '([^']*)': No such file or directory");

  private final ProcessRunner runner;
  private final ImageInfoParser parser = new ImageInfoParser();

  public QemuImg(ProcessRunner runner) {
    this.runner = runner;
  }

  /**
   * Describes the image at {@code path} and every backing file under it. Uses {@code -U}
   * (force-share): only metadata is read, and the image may belong to a running guest.
   */
  public ImageChain info(String path) {
    ProcessResult result = runner.run(List.of("qemu-img", "info", "--output=json",
        "--backing-chain", "-U", QemuPaths.safe(path)));
    Matcher missing = MISSING_FILE.matcher(result.stderr());
    if (!result.succeeded() && missing.find()) {
      String file = missing.group(1);
      throw VirtTuneException.failed(file.equals(QemuPaths.safe(path))
          ? "Image " + path + " does not exist"
          : "Backing file " + file + " of image " + path + " does not exist");
    }
    return parser.parse(result.requireSuccess().stdout());
  }

  /**
   * Where the image, flattened with its backing files, holds data. Without {@code -U}: it is read
   * just before a conversion, when no guest may hold the image.
   */
  public AllocationMap map(String path) {
    return AllocationMap.parse(runner.run(List.of("qemu-img", "map", "--output=json",
        QemuPaths.safe(path))).requireSuccess().stdout());
  }
}

package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.host.HostProbe;
import io.virttune.host.HostSettings;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.LvmReport;
import io.virttune.process.ProcessRunner;
import io.virttune.qemu.ImageChain;
import io.virttune.qemu.ImageInfo;
import io.virttune.qemu.QemuImg;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The machine virt-tune runs on: /proc and /sys, the lvm and qemu-img commands. Images are read
 * directly only when the libvirt connection is to this same machine; a path on a remote host
 * means nothing here.
 */
public final class LiveHost implements HostFactsSource {
  private final ProcessRunner runner;
  private final boolean imagesAreLocal;

  public LiveHost(ProcessRunner runner, boolean imagesAreLocal) {
    this.runner = runner;
    this.imagesAreLocal = imagesAreLocal;
  }

  @Override
  public HostSettings settings() {
    return new HostProbe(Path.of("/")).probe();
  }

  @Override
  public LvmReport lvm() {
    return new LvmCli(runner).report();
  }

  @Override
  public Optional<ImageFacts> image(String path, String format) {
    if (!imagesAreLocal) {
      return Optional.empty();
    }
    if (!Files.exists(Path.of(path))) {
      throw VirtTuneException.failed("image " + path + " does not exist");
    }
    return Optional.of(facts(new QemuImg(runner).info(path, format)));
  }

  private static ImageFacts facts(ImageChain chain) {
    ImageInfo top = chain.top();
    List<String> backing =
        chain.layers().stream().skip(1).map(ImageInfo::filename).toList();
    return new ImageFacts(
        top.filename(),
        top.format(),
        top.virtualSizeBytes(),
        chain.layers().stream().mapToLong(layer -> layer.actualSizeBytes().orElse(0)).sum(),
        backing,
        chain.anyEncrypted(),
        OptionalInt.of(chain.internalSnapshotCount()),
        "qemu-img");
  }
}

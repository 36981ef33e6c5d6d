package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.host.HostDoor;
import io.virttune.host.HostProbe;
import io.virttune.host.LocalHostDoor;
import io.virttune.host.HostSettings;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.LvmReport;
import io.virttune.process.ProcessRunner;
import io.virttune.qemu.ImageChain;
import io.virttune.qemu.ImageInfo;
import io.virttune.qemu.QemuImg;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A live host, read through its door: /proc and /sys, the lvm and qemu-img commands, all of the
 * host the door reaches. Images are read directly only when the door can see the files libvirt
 * names; otherwise libvirt's storage pools describe them.
 */
public final class LiveHost implements HostFactsSource {
  private final HostDoor door;

  public LiveHost(HostDoor door) {
    this.door = door;
  }

  /** This machine, through {@code runner}; images are read only when they are this machine's. */
  public LiveHost(ProcessRunner runner, boolean imagesAreLocal) {
    this(new LocalHostDoor(runner, "qemu:///system", imagesAreLocal));
  }

  @Override
  public HostSettings settings() {
    return new HostProbe(door.files()).probe();
  }

  @Override
  public LvmReport lvm() {
    return new LvmCli(door.commands()).report();
  }

  @Override
  public Optional<ImageFacts> image(String path, String format) {
    if (!door.readsImages()) {
      return Optional.empty();
    }
    if (!door.files().exists(path)) {
      throw VirtTuneException.failed("image " + door.files().describe(path) + " does not exist");
    }
    return Optional.of(facts(new QemuImg(door.commands()).info(path, format)));
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

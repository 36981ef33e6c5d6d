package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.host.HostDoor;
import io.virttune.host.HostProbe;
import io.virttune.host.HostSettings;
import io.virttune.host.LocalHostDoor;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.LvmReport;
import io.virttune.process.ProcessIdentity;
import io.virttune.process.ProcessRunner;
import io.virttune.process.ProcessTable;
import io.virttune.qemu.ImageChain;
import io.virttune.qemu.ImageInfo;
import io.virttune.qemu.QemuImg;
import io.virttune.qemu.ThinFootprint;
import java.nio.file.Path;
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
    public Optional<Boolean> runs(ProcessIdentity process) {
        // Judged on the host the door reaches: its /proc, its pids and its boot's clock.
        return Optional.of(new ProcessTable(pid -> door.files().read("proc/" + pid + "/stat")).runs(process));
    }

    @Override
    public LvmReport lvm() {
        return new LvmCli(door.commands()).report();
    }

    @Override
    public Optional<ImageFacts> image(String path, String format) {
        if (!readable(path)) {
            return Optional.empty();
        }
        ImageChain chain = qemuImg().info(path, format);
        return Optional.of(facts(chain, dataFilesBytes(chain), Optional.empty()));
    }

    @Override
    public Optional<ImageFacts> mappedImage(String path, String format) {
        if (!readable(path)) {
            return Optional.empty();
        }
        ImageChain chain = qemuImg().info(path, format);
        // The top image with its backing files and data file, as the guest sees it: one map for the chain.
        return Optional.of(facts(
                chain,
                dataFilesBytes(chain),
                Optional.of(ThinFootprint.of(qemuImg().sharedMap(path, format)))));
    }

    /** Whether the door sees the image; it must exist where it does. */
    private boolean readable(String path) {
        if (!door.readsImages()) {
            return false;
        }
        if (!door.files().exists(path)) {
            throw VirtTuneException.failed("image " + door.files().describe(path) + " does not exist");
        }
        return true;
    }

    private QemuImg qemuImg() {
        return new QemuImg(door.commands());
    }

    /**
     * What the chain's external data files occupy: a qcow2 whose guest data lives in one reports the
     * metadata file's size alone (260 KiB for 1 MiB written), so each data file is asked for its own
     * (as raw, which it is), a relative name read from its image's folder, as QEMU opens it.
     */
    private long dataFilesBytes(ImageChain chain) {
        long bytes = 0;
        for (ImageInfo layer : chain.layers()) {
            if (layer.dataFile().isPresent()) {
                Path file = Path.of(layer.filename())
                        .resolveSibling(layer.dataFile().get());
                bytes += qemuImg()
                        .info(file.toString(), "raw")
                        .top()
                        .actualSizeBytes()
                        .orElse(0);
            }
        }
        return bytes;
    }

    private static ImageFacts facts(ImageChain chain, long dataFilesBytes, Optional<ThinFootprint> footprint) {
        ImageInfo top = chain.top();
        List<String> backing =
                chain.layers().stream().skip(1).map(ImageInfo::filename).toList();
        return new ImageFacts(
                top.filename(),
                top.format(),
                top.virtualSizeBytes(),
                chain.layers().stream()
                                .mapToLong(layer -> layer.actualSizeBytes().orElse(0))
                                .sum()
                        + dataFilesBytes,
                backing,
                chain.anyEncrypted(),
                OptionalInt.of(chain.internalSnapshotCount()),
                "qemu-img",
                footprint);
    }
}

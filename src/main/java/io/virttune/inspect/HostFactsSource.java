package io.virttune.inspect;

import io.virttune.host.HostSettings;
import io.virttune.lvm.LvmReport;
import io.virttune.process.ProcessIdentity;
import io.virttune.process.ProcessTable;
import java.util.Optional;

/**
 * Where the host-level facts come from: the live machine, or a snapshot directory recorded from
 * one. Each method fails with a {@link io.virttune.VirtTuneException} saying what could not be read.
 */
public interface HostFactsSource {
    HostSettings settings();

    /**
     * The host's name when this source knows it better than libvirt (a recorded host: libvirt's
     * test driver answers with the name of the machine virt-tune runs on).
     */
    default Optional<String> hostname() {
        return Optional.empty();
    }

    /**
     * Whether the recorded process runs on the host ({@link ProcessTable} judges), or empty when
     * this source cannot tell (a snapshot records no processes).
     */
    default Optional<Boolean> runs(ProcessIdentity process) {
        return Optional.empty();
    }

    /** One vgs, one lvs and one pvs report for the whole host. */
    LvmReport lvm();

    /**
     * The image at this path, read directly with qemu-img as the format the definition declares,
     * or empty when this source cannot see the host's files (a snapshot, or a remote host); then
     * libvirt's storage pools are asked instead.
     */
    Optional<ImageFacts> image(String path, String format);

    /**
     * The image as {@link #image} reads it, with its {@link ImageFacts#thinFootprint} where this
     * source can map the data (one {@code qemu-img map}): what planning needs, and apply does not.
     */
    default Optional<ImageFacts> mappedImage(String path, String format) {
        return image(path, format);
    }
}

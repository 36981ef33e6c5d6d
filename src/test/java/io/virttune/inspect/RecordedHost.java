package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.host.HostSettings;
import io.virttune.lvm.LvmReport;
import io.virttune.process.ProcessIdentity;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Host facts a test sets by hand: settings and LVM (absent ones fail as an unreadable host
 * would), and images as qemu-img would have read them.
 */
public final class RecordedHost implements HostFactsSource {
    private HostSettings settings;
    private LvmReport lvm;
    private final Map<String, ImageFacts> images = new HashMap<>();
    private Set<Long> running;

    public RecordedHost settings(HostSettings value) {
        settings = value;
        return this;
    }

    public RecordedHost lvm(LvmReport value) {
        lvm = value;
        return this;
    }

    /** The processes that run on the host: from then on it tells, for any pid, whether it runs. */
    public RecordedHost running(Long... pids) {
        running = Set.of(pids);
        return this;
    }

    @Override
    public Optional<Boolean> runs(ProcessIdentity process) {
        return Optional.ofNullable(running).map(pids -> pids.contains(process.pid()));
    }

    public RecordedHost image(ImageFacts image) {
        images.put(image.path(), image);
        return this;
    }

    @Override
    public HostSettings settings() {
        if (settings == null) {
            throw VirtTuneException.failed("no host settings recorded");
        }
        return settings;
    }

    @Override
    public LvmReport lvm() {
        if (lvm == null) {
            throw VirtTuneException.failed("no LVM report recorded");
        }
        return lvm;
    }

    @Override
    public Optional<ImageFacts> image(String path, String format) {
        return Optional.ofNullable(images.get(path));
    }
}

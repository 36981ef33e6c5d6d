package io.virttune.plan;

import io.virttune.host.HostProbe;
import io.virttune.host.HostSettings;
import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.FakeLibvirt;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.HostInspector;
import io.virttune.inspect.ImageFacts;
import io.virttune.inspect.LiveHost;
import io.virttune.lvm.LvmReport;
import io.virttune.process.ScriptedProcessRunner;
import java.util.Optional;

/** Inspects domains as a host would, their images read by qemu-img replies recorded from real images. */
final class RecordedImages {
    private RecordedImages() {}

    /** The facts of {@code libvirt}'s domains on the example host, each image read through {@code qemuImg}'s replies. */
    static HostFacts inspect(FakeLibvirt libvirt, ScriptedProcessRunner qemuImg) {
        LiveHost live = new LiveHost(qemuImg, true);
        HostFactsSource host = new HostFactsSource() {
            @Override
            public HostSettings settings() {
                return new HostProbe(PlanFacts.EXAMPLE.resolve("host")).probe();
            }

            @Override
            public LvmReport lvm() {
                return PlanFacts.exampleLvm();
            }

            @Override
            public Optional<ImageFacts> image(String path, String format) {
                return live.image(path, format);
            }

            @Override
            public Optional<ImageFacts> mappedImage(String path, String format) {
                return live.mappedImage(path, format);
            }
        };
        return new HostInspector(libvirt, host).inspect(DomainSelection.all());
    }
}

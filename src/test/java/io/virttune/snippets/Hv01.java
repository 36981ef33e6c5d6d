package io.virttune.snippets;

import io.virttune.host.RootedFileSystem;
import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostInspector;
import io.virttune.inspect.HostSnapshot;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.LibvirtJavaConnection;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The bundled example host hv01, read through libvirt's test driver and its recorded host files. */
final class Hv01 {
    static final Path DIRECTORY = Path.of("examples/hv01");
    static final String URI = "test://" + DIRECTORY.resolve("node.xml").toAbsolutePath();
    /** Recorded host files with a tuned profile and sysctl values, which hv01 does not record. */
    static final Path TUNED_ROOT = Path.of("src/test/resources/snippets/tuned-root");

    private static HostFacts facts;

    private Hv01() {}

    static synchronized HostFacts facts() {
        if (facts == null) {
            // Read-write, the connection inspect reads domain capabilities over (the test driver has none).
            try (LibvirtConnection libvirt = LibvirtJavaConnection.openReadWrite(URI)) {
                facts = new HostInspector(libvirt, new HostSnapshot(DIRECTORY)).inspect(DomainSelection.all());
            }
        }
        return facts;
    }

    static HostTuning tuning() {
        return new HostTuning(new RootedFileSystem(DIRECTORY.resolve("host")));
    }

    static Map<String, String> render(SnippetFormat format, boolean multiTenant) {
        return SnippetBook.render(facts(), tuning(), new SnippetOptions(format, multiTenant, 10, List.of()));
    }
}

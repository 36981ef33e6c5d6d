package io.virttune.cli;

import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.HostSnapshot;
import io.virttune.inspect.LiveHost;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.process.LocalProcessRunner;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options shared by every command that reads a host: which libvirt, and where host facts come from. */
public final class ConnectionOptions {
  static final String DEFAULT_URI = "qemu:///system";

  @Option(
      names = {"-c", "--connect"},
      paramLabel = "URI",
      description = "libvirt URI (default: $LIBVIRT_DEFAULT_URI, else " + DEFAULT_URI + ")")
  String uri;

  @Option(
      names = "--host-facts",
      paramLabel = "DIR",
      description = "read /proc, /sys and LVM reports from a recorded host directory instead of this machine")
  Path hostFacts;

  String uri() {
    if (uri != null) {
      return uri;
    }
    String fromEnvironment = System.getenv("LIBVIRT_DEFAULT_URI");
    return fromEnvironment == null || fromEnvironment.isBlank() ? DEFAULT_URI : fromEnvironment;
  }

  LibvirtConnection open() {
    return LibvirtJavaConnection.openReadOnly(uri());
  }

  HostFactsSource hostFactsSource() {
    if (hostFacts != null) {
      return new HostSnapshot(hostFacts);
    }
    return new LiveHost(new LocalProcessRunner(), isLocalHypervisor(uri()));
  }

  /**
   * True when the URI names QEMU on this very machine, so image paths in its domains can be read
   * here. The test driver's paths are fictional, and a remote host's paths mean nothing here.
   */
  static boolean isLocalHypervisor(String uri) {
    try {
      URI parsed = new URI(uri);
      String scheme = parsed.getScheme() == null ? "" : parsed.getScheme();
      String host = parsed.getHost();
      boolean thisMachine = host == null || host.isEmpty() || host.equals("localhost");
      return (scheme.equals("qemu") || scheme.equals("qemu+unix")) && thisMachine;
    } catch (URISyntaxException e) {
      return false;
    }
  }
}

package io.virttune.libvirt;

import java.net.URI;
import java.net.URISyntaxException;

/** What a libvirt URI says about where the hypervisor runs. */
public final class LibvirtUris {
  private LibvirtUris() {}

  /**
   * True when the URI names QEMU on this very machine, so image paths in its domains can be read
   * here and commands for its host run here. The test driver's paths are fictional, and a remote
   * host's paths mean nothing here.
   */
  public static boolean isLocalQemu(String uri) {
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

package io.virttune.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Rolls back domains on every host of a fleet, each by that host's own virt-tune over SSH, so
 * that the journal and the backups it reads are that host's, exactly as a rollback run there by
 * hand; at most {@code parallel} hosts at once, a host that fails never stopping the others.
 */
public final class FleetRollback {
  /** The remote rollback's options: the host's own libvirt, where its journals were written by apply. */
  private static final List<String> ROLLBACK = List.of("virt-tune", "rollback", "--connect", "qemu:///system", "--json");

  private final RemoteVirtTune remote;
  private final int parallel;

  /** {@code progress}: where the hosts' own progress lines go as they come, "[HOST] LINE". */
  public FleetRollback(FleetDoors doors, int parallel, Consumer<String> progress) {
    this.remote = new RemoteVirtTune(doors, progress);
    this.parallel = parallel;
  }

  /**
   * {@code options}: what each remote rollback is also given ({@code --execute}, {@code --force
   * --yes}, the domains); a confirmation is asked here, since the remote side has no terminal.
   */
  public List<HostResults> rollback(List<FleetHost> hosts, List<String> options) {
    List<String> argv = new ArrayList<>(ROLLBACK);
    argv.addAll(options);
    return HostResults.of(new FleetWork<>(host -> remote.run(host, argv, Optional.empty()), parallel).run(hosts));
  }
}

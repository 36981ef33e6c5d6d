package io.virttune.cli;

import io.virttune.apply.ApplyPorts;
import io.virttune.apply.Cleanup;
import io.virttune.apply.DomainResult;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.report.ApplyResultTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code virt-tune cleanup}: removes source images after a verified migration, when asked. */
@Command(
    name = "cleanup",
    mixinStandardHelpOptions = true,
    description = {
      "Remove the source images a completed migration left behind, unless a domain still uses them.",
      "Afterwards there is no rollback. A dry run unless --execute."
    })
public final class CleanupCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin StateOptions state;

  @Parameters(paramLabel = "DOMAIN", arity = "1..*", description = "migrated domains")
  List<String> domains = new ArrayList<>();

  @Option(names = {"-c", "--connect"}, paramLabel = "URI",
      description = "libvirt URI (default: $LIBVIRT_DEFAULT_URI, else qemu:///system)")
  String uri;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    String given = VirtTuneCommand.connectUri(spec, this.uri);
    String uri = given != null ? given : ConnectionOptions.defaultUri();
    ApplyPorts ports = ApplyPorts.forHost(uri, state.stateDir, state.execute, out::println);
    Cleanup cleanup = new Cleanup(ports, () -> LibvirtJavaConnection.openReadOnly(uri), out);
    List<DomainResult> results = new ArrayList<>();
    for (String domain : domains) {
      results.add(cleanup.run(domain));
    }
    ApplyResultTable.print(out, results);
    out.flush();
    return ApplyCommand.exitCode(results);
  }
}

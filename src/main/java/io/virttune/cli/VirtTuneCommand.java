package io.virttune.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The top-level {@code virt-tune} command: help, version, and the subcommands ({@link CommandTree}). */
@Command(
    name = "virt-tune",
    mixinStandardHelpOptions = true,
    footerHeading = "%nExamples:%n",
    footer = {
      "  virt-tune inspect",
      "  virt-tune -c qemu+ssh://root@hv02/system inspect --json > hv02.json",
      "  virt-tune plan --all --vg vg_vms --out plan.json && virt-tune apply plan.json"
    },
    versionProvider = VersionProvider.class,
    description = "Makes the disks of KVM/libvirt virtual machines fast, safely.")
public final class VirtTuneCommand {
  // virsh takes the connection before the command ('virsh -c URI list'); so does virt-tune.
  @Option(names = {"-c", "--connect"}, paramLabel = "URI",
      description = "libvirt URI for the command that follows (as virsh -c URI CMD)")
  String uri;

  private final Terminal terminal;

  VirtTuneCommand(Terminal terminal) {
    this.terminal = terminal;
  }

  /** Where to ask the operator for confirmation. */
  static Terminal terminal(CommandSpec command) {
    return ((VirtTuneCommand) command.root().userObject()).terminal;
  }

  /** The URI a command was given: its own -c, else the one before the command, else null. */
  static String connectUri(CommandSpec command, String own) {
    if (own != null) {
      return own;
    }
    return command.root().userObject() instanceof VirtTuneCommand root ? root.uri : null;
  }
}

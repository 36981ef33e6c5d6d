package io.virttune.cli;

import picocli.CommandLine.Command;

/** The top-level {@code virt-tune} command: help, version, and the subcommands. */
@Command(
    name = "virt-tune",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Makes the disks of KVM/libvirt virtual machines fast, safely.",
    subcommands = {
      InspectCommand.class,
      PlanCommand.class,
      ApplyCommand.class,
      RollbackCommand.class,
      CleanupCommand.class,
      BenchCommand.class,
      SnippetsCommand.class,
      picocli.CommandLine.HelpCommand.class
    })
public final class VirtTuneCommand {}

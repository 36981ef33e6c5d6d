package io.virttune.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;

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
    @Mixin
    ConnectOption connect;

    private final Terminal terminal;

    VirtTuneCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    /** Where to ask the operator for confirmation. */
    static Terminal terminal(CommandSpec command) {
        return ((VirtTuneCommand) command.root().userObject()).terminal;
    }

    /** The URI given before the command ({@code virt-tune -c URI CMD}); null when none was. */
    static String rootUri(CommandSpec command) {
        return command.root().userObject() instanceof VirtTuneCommand root ? root.connect.uri : null;
    }
}

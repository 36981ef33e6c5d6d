package io.virttune.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The {@code -c/--connect URI} option, declared once: after the command, or before it as virsh takes it. */
public final class ConnectOption {
    @Option(
            names = {"-c", "--connect"},
            paramLabel = "URI",
            description = "libvirt URI, here or before the command as virsh -c URI CMD (default: $LIBVIRT_DEFAULT_URI,"
                    + " else qemu:///system; apply: the plan's)")
    String uri;

    /**
     * The URI given after {@code command}, else before it; null when none was. The command's own
     * spec, not the mixin's: nested in another mixin, this one's would not reach the root.
     */
    String given(CommandSpec command) {
        if (uri != null) {
            return uri;
        }
        return VirtTuneCommand.rootUri(command);
    }

    /** The URI given, else $LIBVIRT_DEFAULT_URI, else qemu:///system, as virsh does. */
    String orDefault(CommandSpec command) {
        String given = given(command);
        return given != null ? given : ConnectionOptions.defaultUri();
    }
}

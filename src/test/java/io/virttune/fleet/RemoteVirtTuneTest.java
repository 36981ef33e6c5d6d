package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.process.ScriptedProcessRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RemoteVirtTuneTest {
    @Test
    void aRemoteUsageErrorIsReportedByItsMessageNotByTheHelpHintAfterIt() {
        ScriptedProcessRunner local = new ScriptedProcessRunner()
                .succeed("")
                .fail(
                        2,
                        "virt-tune: cannot read the plan /dev/stdin: No such file or directory\nTry 'virt-tune apply --help'.\n");
        RemoteVirtTune remote = new RemoteVirtTune(
                new FleetDoors("ssh", Path.of("/sockets"), local), new ProgressRelay(line -> {}, false));

        HostResults results = remote.run(
                FleetHost.named("hv1"),
                List.of("virt-tune", "apply", "/dev/stdin"),
                "virt-tune/apply",
                Optional.of("{}"));

        assertEquals(
                Optional.of("its virt-tune apply exited 2: virt-tune: cannot read the plan /dev/stdin: No such file or"
                        + " directory"),
                results.error());
    }

    @Test
    void aRemoteRefusalIsReportedWithItsReasons() {
        ScriptedProcessRunner local = new ScriptedProcessRunner()
                .succeed("")
                .fail(
                        3,
                        "Host: hv1\nvirt-tune: the plan cannot be trusted, nothing was changed:\n  the plan was made for hostname"
                                + " 'hv9', this host has 'hv1'\nplan again on this host and review the new plan\n");
        RemoteVirtTune remote = new RemoteVirtTune(
                new FleetDoors("ssh", Path.of("/sockets"), local), new ProgressRelay(line -> {}, false));

        HostResults results = remote.run(
                FleetHost.named("hv1"),
                List.of("virt-tune", "apply", "/dev/stdin"),
                "virt-tune/apply",
                Optional.of("{}"));

        assertEquals(
                Optional.of(
                        "its virt-tune apply exited 3: virt-tune: the plan cannot be trusted, nothing was changed:"
                                + " the plan was made for hostname 'hv9', this host has 'hv1' plan again on this host and review the new plan"),
                results.error());
    }

    @Test
    void whatARemoteVirtTunePrintsAsItGoesIsPassedOnAfterItsHostsName() {
        ScriptedProcessRunner local = new ScriptedProcessRunner()
                .succeed("")
                .reply(0, "{\"schema\": \"virt-tune/apply\", \"domains\": []}", "[web] convert sda: 40%\n[web] done\n");
        List<String> progress = new java.util.ArrayList<>();
        RemoteVirtTune remote = new RemoteVirtTune(
                new FleetDoors("ssh", Path.of("/sockets"), local), new ProgressRelay(progress::add, false));

        remote.run(
                FleetHost.named("hv1"),
                List.of("virt-tune", "apply", "/dev/stdin"),
                "virt-tune/apply",
                Optional.of("{}"));

        assertEquals(List.of("[hv1] [web] convert sda: 40%", "[hv1] [web] done"), progress);
    }
}

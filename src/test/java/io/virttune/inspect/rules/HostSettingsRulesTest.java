package io.virttune.inspect.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.host.HostProbe;
import io.virttune.inspect.Finding;
import io.virttune.inspect.FindingLines;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.TestHost;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The host rules on recorded /proc and /sys trees: hv01 and a build machine without hugepages. */
class HostSettingsRulesTest {
    private static final HostFacts HV01 = TestHost.hv01().facts();
    private static final HostFacts THIS_MACHINE = new TestHost()
            .settings(new HostProbe(Path.of("src/test/resources/host/this-machine")).probe())
            .facts();

    @Test
    void anSsdOnBfqIsReportedButOnesOnNoneOrAnHddAreNot() {
        List<Finding> findings = new SchedulerRule().check(HV01);
        assertEquals(List.of("host.io-scheduler warning"), FindingLines.of(findings));
        assertEquals("SSD nvme1n1 uses the bfq scheduler", findings.get(0).summary());
        assertEquals(
                "/sys/block/nvme1n1/queue/scheduler: bfq (available: mq-deadline bfq none)",
                findings.get(0).evidence());
    }

    @Test
    void rotationalDevicesAreNotAskedToChangeScheduler() {
        assertEquals(List.of(), new SchedulerRule().check(THIS_MACHINE));
    }

    @Test
    void aHostWithoutHugepagesIsToldToReserveThem() {
        List<Finding> findings = new HostHugepagesRule().check(THIS_MACHINE);
        assertEquals(List.of("host.hugepages info"), FindingLines.of(findings));
        // Of the kernel command line, only what concerns hugepages: here, nothing.
        assertEquals(
                "no hugepage parameter on the kernel command line (/proc/cmdline), and every pool is empty",
                findings.get(0).evidence());
        assertEquals(List.of(), new HostHugepagesRule().check(HV01));
    }
}

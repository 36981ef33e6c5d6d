package io.virttune.apply;

import static io.virttune.testing.Cli.EXAMPLE_URI;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.PlanTrust;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.testing.ExamplePlans;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every plan of the example host passes the trust check unedited (moves, retunes, a Windows
 * guest's temporary disk, hugepages, thin and linear targets): the check refuses edits, not plans.
 */
class PlanTrustExampleTest {
    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"--thin-pool=vg_fast/tpool", "--vg=vg_guests", "--thin-pool=vg_guests/pool0"})
    void theExamplesPlansAreTrusted(String target) throws IOException {
        Plan plan = planned(target, "--reserve=0");
        try (LibvirtJavaConnection host = LibvirtJavaConnection.openReadOnly(EXAMPLE_URI)) {
            new PlanTrust(host, new PrintWriter(new StringWriter()), false, question -> Optional.empty())
                    .check(
                            PlanTrustTest.withHost(plan, EXAMPLE_URI, host.hostname(), null, false),
                            plan.domains().stream().map(DomainPlan::name).toList());
        }
    }

    @Test
    void aPlanOfARecordedHostIsNotForThisOne() throws IOException {
        Plan plan = planned("--thin-pool=vg_fast/tpool", "--reserve=0");
        try (LibvirtJavaConnection host = LibvirtJavaConnection.openReadOnly(EXAMPLE_URI)) {
            VirtTuneException e = assertThrows(
                    VirtTuneException.class,
                    () -> new PlanTrust(host, new PrintWriter(new StringWriter()), false, question -> Optional.empty())
                            .check(
                                    plan,
                                    plan.domains().stream()
                                            .map(DomainPlan::name)
                                            .toList()));
            assertTrue(
                    e.getMessage()
                            .contains("the plan was made for hostname 'hv01', this host has '" + host.hostname() + "'"),
                    e.getMessage());
        }
    }

    private Plan planned(String target, String option) throws IOException {
        Path file = temp.resolve("plan.json");
        ExamplePlans.writeAsMade(file, target, option, "--all");
        return PlanJson.read(Files.readString(file), "plan.json");
    }
}

package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.ports.DomainResult;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan made offline from XML files is reviewed away from the host and applied on it: apply
 * reads the image's size and the VG's extent there, and its dry run shows the real sizes.
 */
class OfflinePlanApplyTest {
    @TempDir
    Path temp;

    @Test
    void anOfflinePlansDryRunShowsTheSizesReadOnTheHost() throws IOException {
        ApplyHarness host = ApplyHarness.withSite1(temp.resolve("state"));
        Path xml = Files.writeString(temp.resolve("site1.xml"), host.libvirt.inactiveXml("site1"));
        Path planFile = temp.resolve("plan.json");
        Cli planned =
                Cli.run("plan", "--from-xml", xml.toString(), "--vg", ApplyHarness.VG, "--out", planFile.toString());
        assertEquals(0, planned.exitCode(), planned.err());
        assertTrue(planned.out().contains("size read at apply"), planned.out());
        Plan plan = PlanJson.read(Files.readString(planFile), "plan.json");
        assertTrue(plan.offline());

        List<DomainResult> results = host.apply(plan, false, false);

        String output = host.output.toString();
        assertEquals(DomainResult.Result.WOULD_RUN, results.get(0).result(), results + output);
        assertTrue(output.contains("Sizes read at apply (the plan was made offline), in vg's 4 MiB extents:"), output);
        assertTrue(
                output.contains("site1: /dev/vg/site1-vda 8 GiB (/images/site1.qcow2: 8 GiB virtual, 2 GiB allocated)"),
                output);
        assertTrue(output.contains("lvcreate") && output.contains(String.valueOf(8 * ApplyHarness.GIB)), output);
    }
}

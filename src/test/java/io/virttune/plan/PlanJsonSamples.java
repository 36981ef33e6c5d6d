package io.virttune.plan;

import static io.virttune.plan.PlanFacts.domainXml;
import static io.virttune.plan.PlanFacts.qcow2;
import static io.virttune.plan.PlanFacts.qcow2Disk;

import io.virttune.inspect.RecordedGuestAgent;
import io.virttune.libvirt.DomainState;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * plan.json documents the bundled example cannot give, made by the real planner and written by
 * {@link PlanJson} as plan writes them: a Windows guest staged for its VirtIO driver into linear
 * LVs (its temporary disk created and zeroed), then planned again while it runs, its guest agent
 * reporting viostor bound (the temporary disk and its LV removed, the evidence in {@code
 * virtioDriver}).
 */
public final class PlanJsonSamples {
    private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");
    private static final String IMAGE = "/var/lib/libvirt/images/win.qcow2";
    private static final String AGENT_CHANNEL = "    <channel type='unix'>\n"
            + "      <target type='virtio' name='org.qemu.guest_agent.0'/>\n    </channel>\n";

    private PlanJsonSamples() {}

    public static List<String> windowsGuestStagedThenSwitched() {
        Plan staged = linear(new PlanFacts()
                .domain(
                        domainXml("win", PlanFacts.WINDOWS, qcow2Disk(IMAGE, "sda", "sata") + AGENT_CHANNEL),
                        Map.of("sda", qcow2(IMAGE, 8, 4))));
        Plan switched = linear(new PlanFacts()
                .volume("vg_fast", "win-virtio-stage", "virt-tune", "virt-tune-" + PlanFacts.WINDOWS_UUID)
                .domain(staged.domains().get(0).newXml(), DomainState.RUNNING, Map.of())
                .agents(new RecordedGuestAgent("viostor-bound.json")));
        return List.of(PlanJson.write(staged), PlanJson.write(switched));
    }

    private static Plan linear(PlanFacts facts) {
        return new MigrationPlanner(PlanPolicy.defaults(PlanTarget.linear("vg_fast"))).plan(facts.build(), NOW);
    }
}

package io.virttune.plan;

import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.HostFacts;
import io.virttune.libvirt.EmulatorCapabilities;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A domain's plan held against what its emulator can run, as libvirt's domain capabilities say.
 */
final class EmulatorGate {
    private EmulatorGate() {}

    static DomainPlan check(DomainPlan planned, DomainFacts facts, HostFacts host) {
        if (planned.newXml() == null
                || planned.originalXml() == null
                || facts.xml().isEmpty()) {
            return planned;
        }
        Optional<EmulatorCapabilities> emulator =
                host.emulatorOf(facts.xml().get()).filter(EmulatorCapabilities::read);
        if (emulator.isEmpty()) {
            return planned;
        }
        List<String> lacks = lacks(
                emulator.get(),
                DomainXml.parse(planned.originalXml(), "domain '" + planned.name() + "'"),
                DomainXml.parse(planned.newXml(), "planned domain '" + planned.name() + "'"));
        if (lacks.isEmpty()) {
            return planned;
        }
        return DomainPlanner.stopped(
                facts,
                planned.fingerprint(),
                List.of("the plan would add " + String.join(", ", lacks)
                        + ", which the emulator " + emulator.get().query().words()
                        + " does not offer by libvirt's domain capabilities"
                        + " (rule: virt-tune defines nothing its emulator cannot run; see virsh domcapabilities)"));
    }

    private static List<String> lacks(EmulatorCapabilities emulator, DomainXml before, DomainXml after) {
        List<String> lacks = new ArrayList<>();
        if (after.iothreads().count() > before.iothreads().count() && !emulator.iothreads()) {
            lacks.add("IOThreads");
        }
        if (virtioDisks(after) > virtioDisks(before) && !emulator.diskBuses().contains("virtio")) {
            lacks.add("virtio disks");
        }
        if (after.memoryBacking().hasHugepages()
                && !before.memoryBacking().hasHugepages()
                && emulator.memoryBackings().stream()
                        .noneMatch(source -> source.equals("file") || source.equals("memfd"))) {
            lacks.add("hugepages (a file or memfd memory backing)");
        }
        return lacks;
    }

    private static long virtioDisks(DomainXml domain) {
        return domain.disks().stream()
                .map(DiskView::targetBus)
                .filter(bus -> bus.filter("virtio"::equals).isPresent())
                .count();
    }
}

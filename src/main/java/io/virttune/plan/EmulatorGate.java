package io.virttune.plan;

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

    /**
     * Why the domain cannot be given the definition {@code planned} makes of {@code current}: the
     * levers it adds that {@code emulator} does not offer; empty when it offers them all, or when
     * libvirt did not say.
     */
    static Optional<String> refusal(EmulatorCapabilities emulator, DomainXml current, DomainXml planned) {
        if (!emulator.read()) {
            return Optional.empty();
        }
        List<String> lacks = lacks(emulator, current, planned);
        if (lacks.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("the plan would add " + String.join(", ", lacks)
                + ", which the emulator " + emulator.query().words()
                + " does not offer by libvirt's domain capabilities"
                + " (rule: virt-tune defines nothing its emulator cannot run; see virsh domcapabilities)");
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

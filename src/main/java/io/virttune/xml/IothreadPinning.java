package io.virttune.xml;

import io.virttune.text.RangeList;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jdom2.Element;

/**
 * Where the domain pins its IOThreads, its emulator and its vCPUs ({@code <cputune><iothreadpin>},
 * {@code <emulatorpin>}, {@code <vcpupin>}, {@code <vcpu cpuset>}), and the pins of new IOThreads.
 */
public final class IothreadPinning {
    private static final XmlPath CPUTUNE = XmlPath.of("cputune");
    private static final XmlPath IOTHREAD_PINS = XmlPath.of("cputune/iothreadpin");
    private static final XmlPath VCPU_PINS = XmlPath.of("cputune/vcpupin");
    private static final XmlProperty<String> EMULATOR_CPUSET = XmlProperty.string("cputune/emulatorpin/@cpuset");
    private static final XmlProperty<String> VCPU_PLACEMENT = XmlProperty.string("vcpu/@placement");
    private static final XmlProperty<String> VCPU_CPUSET = XmlProperty.string("vcpu/@cpuset");
    /** Of one pin: the CPUs it pins to, and the vCPU a vcpupin pins. */
    private static final XmlProperty<String> PIN_CPUSET = XmlProperty.string("@cpuset");

    private static final XmlProperty<String> PINNED_VCPU = XmlProperty.string("@vcpu");

    private final Element domain;

    IothreadPinning(Element domain) {
        this.domain = domain;
    }

    /** The cpusets of the domain's {@code <iothreadpin>}s, in document order; empty when it pins none. */
    public List<String> iothreadCpusets() {
        return IOTHREAD_PINS.findAll(domain).stream()
                .map(pin -> PIN_CPUSET.get(pin).orElse(""))
                .toList();
    }

    /** The emulator's cpuset ({@code <emulatorpin cpuset>}), when the domain pins it. */
    public Optional<String> emulatorCpuset() {
        return EMULATOR_CPUSET.get(domain);
    }

    /**
     * The CPUs every vCPU of the domain may run on, when it pins them all: the union of its
     * {@code <vcpupin>}s, and of {@code <vcpu cpuset>} for the vCPUs no {@code <vcpupin>} names;
     * empty when a vCPU may run anywhere, libvirt places them (placement='auto', numad: it places
     * the domain's IOThreads too) or a cpuset cannot be read.
     */
    public Optional<RangeList> vcpuCpus(int vcpus) {
        if (VCPU_PLACEMENT.get(domain).filter("auto"::equals).isPresent()) {
            return Optional.empty();
        }
        List<Element> pins = VCPU_PINS.findAll(domain);
        Set<String> pinned =
                pins.stream().map(pin -> PINNED_VCPU.get(pin).orElse("")).collect(Collectors.toSet());
        Optional<String> others = pinned.size() >= vcpus ? Optional.empty() : VCPU_CPUSET.get(domain);
        if (pinned.size() < vcpus && others.isEmpty()) {
            return Optional.empty();
        }
        List<Optional<RangeList>> lists = new ArrayList<>();
        pins.forEach(pin -> lists.add(RangeList.parse(PIN_CPUSET.get(pin).orElse(""))));
        others.ifPresent(cpuset -> lists.add(RangeList.parse(cpuset)));
        if (lists.stream().anyMatch(Optional::isEmpty)) {
            return Optional.empty();
        }
        return lists.stream().map(Optional::orElseThrow).reduce(RangeList::union);
    }

    /** Pins IOThread {@code id} to {@code cpuset}, after the domain's other IOThread pins. */
    public void pin(int id, String cpuset) {
        Element tune = CPUTUNE.findOrCreate(domain);
        List<Element> pins = tune.getChildren("iothreadpin");
        Element after = pins.isEmpty() ? tune.getChild("emulatorpin") : pins.get(pins.size() - 1);
        if (after == null && !tune.getChildren("vcpupin").isEmpty()) {
            after = tune.getChildren("vcpupin").get(tune.getChildren("vcpupin").size() - 1);
        }
        Indentation.insertAfter(
                tune,
                after,
                new Element("iothreadpin")
                        .setAttribute("iothread", Integer.toString(id))
                        .setAttribute("cpuset", cpuset));
    }
}

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
    private final Element domain;

    IothreadPinning(Element domain) {
        this.domain = domain;
    }

    /** The cpusets of the domain's {@code <iothreadpin>}s, in document order; empty when it pins none. */
    public List<String> iothreadCpusets() {
        return cputune()
                .map(tune -> tune.getChildren("iothreadpin").stream()
                        .map(pin -> pin.getAttributeValue("cpuset", ""))
                        .toList())
                .orElse(List.of());
    }

    /** The emulator's cpuset ({@code <emulatorpin cpuset>}), when the domain pins it. */
    public Optional<String> emulatorCpuset() {
        return cputune().flatMap(tune -> Elements.childAttribute(tune, "emulatorpin", "cpuset"));
    }

    /**
     * The CPUs every vCPU of the domain may run on, when it pins them all: the union of its
     * {@code <vcpupin>}s, and of {@code <vcpu cpuset>} for the vCPUs no {@code <vcpupin>} names;
     * empty when a vCPU may run anywhere, libvirt places them (placement='auto', numad: it places
     * the domain's IOThreads too) or a cpuset cannot be read.
     */
    public Optional<RangeList> vcpuCpus(int vcpus) {
        if (Elements.childAttribute(domain, "vcpu", "placement")
                .filter("auto"::equals)
                .isPresent()) {
            return Optional.empty();
        }
        List<Element> pins = cputune().map(tune -> tune.getChildren("vcpupin")).orElse(List.of());
        Set<String> pinned =
                pins.stream().map(pin -> pin.getAttributeValue("vcpu", "")).collect(Collectors.toSet());
        Optional<String> others =
                pinned.size() >= vcpus ? Optional.empty() : Elements.childAttribute(domain, "vcpu", "cpuset");
        if (pinned.size() < vcpus && others.isEmpty()) {
            return Optional.empty();
        }
        List<Optional<RangeList>> lists = new ArrayList<>();
        pins.forEach(pin -> lists.add(RangeList.parse(pin.getAttributeValue("cpuset", ""))));
        others.ifPresent(cpuset -> lists.add(RangeList.parse(cpuset)));
        if (lists.stream().anyMatch(Optional::isEmpty)) {
            return Optional.empty();
        }
        return lists.stream().map(Optional::orElseThrow).reduce(RangeList::union);
    }

    /** Pins IOThread {@code id} to {@code cpuset}, after the domain's other IOThread pins. */
    public void pin(int id, String cpuset) {
        Element tune = cputune().orElseGet(() -> ChildOrder.DOMAIN.insert(domain, "cputune"));
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

    private Optional<Element> cputune() {
        return Elements.child(domain, "cputune");
    }
}

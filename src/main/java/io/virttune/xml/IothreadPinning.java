package io.virttune.xml;

import java.util.List;
import java.util.Optional;
import org.jdom2.Element;

/**
 * Where the domain pins its IOThreads and its emulator ({@code <cputune><iothreadpin>},
 * {@code <emulatorpin>}), and the pins of new IOThreads.
 */
public final class IothreadPinning {
  private final Element domain;

  IothreadPinning(Element domain) {
    this.domain = domain;
  }

  /** The cpusets of the domain's {@code <iothreadpin>}s, in document order; empty when it pins none. */
  public List<String> iothreadCpusets() {
    return cputune().map(tune -> tune.getChildren("iothreadpin").stream()
        .map(pin -> pin.getAttributeValue("cpuset", "")).toList()).orElse(List.of());
  }

  /** The emulator's cpuset ({@code <emulatorpin cpuset>}), when the domain pins it. */
  public Optional<String> emulatorCpuset() {
    return cputune().flatMap(tune -> Elements.childAttribute(tune, "emulatorpin", "cpuset"));
  }

  /** Pins IOThread {@code id} to {@code cpuset}, after the domain's other IOThread pins. */
  public void pin(int id, String cpuset) {
    Element tune = cputune().orElseGet(() -> ChildOrder.DOMAIN.insert(domain, "cputune"));
    List<Element> pins = tune.getChildren("iothreadpin");
    Element after = pins.isEmpty() ? tune.getChild("emulatorpin") : pins.get(pins.size() - 1);
    if (after == null && !tune.getChildren("vcpupin").isEmpty()) {
      after = tune.getChildren("vcpupin").get(tune.getChildren("vcpupin").size() - 1);
    }
    Indentation.insertAfter(tune, after, new Element("iothreadpin").setAttribute("iothread", Integer.toString(id))
        .setAttribute("cpuset", cpuset));
  }

  private Optional<Element> cputune() {
    return Elements.child(domain, "cputune");
  }
}

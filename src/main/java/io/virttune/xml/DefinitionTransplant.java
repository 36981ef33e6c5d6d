package io.virttune.xml;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdom2.Document;
import org.jdom2.Element;

/**
 * Carries a plan's edits onto the definition as it is now, read with its secrets.
 */
public final class DefinitionTransplant {
    /** The domain's own children a plan may change. */
    private static final List<String> DOMAIN_PARTS = List.of("memoryBacking", "iothreads", "iothreadids");

    private DefinitionTransplant() {}

    public static String apply(String currentXml, String plannedXml, String origin, Set<String> untouchedTargets) {
        Document current = SafeXml.parse(currentXml, origin + " (current)");
        Element planned = SafeXml.parse(plannedXml, origin + " (planned)").getRootElement();
        Element root = current.getRootElement();
        for (String part : DOMAIN_PARTS) {
            replace(root, part, planned.getChild(part));
        }
        replaceDisks(devices(root), devices(planned), untouchedTargets);
        return XmlText.write(current);
    }

    private static void replace(Element root, String name, Element wanted) {
        Element existing = root.getChild(name);
        if (wanted == null) {
            if (existing != null) {
                Indentation.detach(existing);
            }
            return;
        }
        Element copy = wanted.clone();
        if (existing != null) {
            root.setContent(root.indexOf(existing), copy);
        } else {
            Element placeholder = ChildOrder.DOMAIN.insert(root, name);
            root.setContent(root.indexOf(placeholder), copy);
        }
    }

    /** The planned disks, in their order, where the current ones were; untouched ones as they are now. */
    private static void replaceDisks(Element current, Element planned, Set<String> untouchedTargets) {
        List<Element> currentDisks = List.copyOf(current.getChildren("disk"));
        Map<String, Element> currentByTarget = new HashMap<>();
        currentDisks.forEach(disk -> currentByTarget.put(new DiskView(disk, "current").targetDev(), disk));
        List<Element> plannedDisks = planned.getChildren("disk");
        Element previous = null;
        for (int i = 0; i < plannedDisks.size(); i++) {
            String target = new DiskView(plannedDisks.get(i), "planned").targetDev();
            Element source = untouchedTargets.contains(target) && currentByTarget.containsKey(target)
                    ? currentByTarget.get(target)
                    : plannedDisks.get(i);
            Element copy = source.clone();
            if (i < currentDisks.size()) {
                current.setContent(current.indexOf(currentDisks.get(i)), copy);
            } else {
                Indentation.insertAfter(current, previous, copy);
            }
            previous = copy;
        }
        for (int i = plannedDisks.size(); i < currentDisks.size(); i++) {
            Indentation.detach(currentDisks.get(i));
        }
    }

    private static Element devices(Element root) {
        Element devices = root.getChild("devices");
        if (devices == null) {
            devices = ChildOrder.DOMAIN.insert(root, "devices");
        }
        return devices;
    }
}

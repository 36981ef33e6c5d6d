package io.virttune.inspect;

import io.virttune.libvirt.StorageVolumeFacts;
import io.virttune.xml.SafeXml;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.jdom2.Document;
import org.jdom2.Element;

/** Reads an image's facts from its libvirt storage-volume definition. */
final class PoolVolumeImages {
    private PoolVolumeImages() {}

    static ImageFacts facts(StorageVolumeFacts volume) {
        Document document = SafeXml.parse(volume.xml(), "storage volume " + volume.path());
        Element root = document.getRootElement();
        Element target = root.getChild("target");
        String format = "raw";
        boolean encrypted = false;
        if (target != null) {
            Element formatElement = target.getChild("format");
            if (formatElement != null && formatElement.getAttributeValue("type") != null) {
                format = formatElement.getAttributeValue("type");
            }
            encrypted = target.getChild("encryption") != null;
        }
        List<String> chain = new ArrayList<>();
        for (Element backing = root.getChild("backingStore");
                backing != null && backing.getChildText("path") != null;
                backing = backing.getChild("backingStore")) {
            chain.add(backing.getChildText("path"));
        }
        return new ImageFacts(
                volume.path(),
                format,
                volume.capacityBytes(),
                volume.allocationBytes(),
                chain,
                encrypted,
                OptionalInt.empty(),
                "storage pool " + volume.pool());
    }
}

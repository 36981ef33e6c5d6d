package io.virttune.apply.guards;

import io.virttune.apply.custody.BackingChains;
import io.virttune.apply.custody.DefinedStores;
import io.virttune.apply.ports.ImagePorts;
import io.virttune.inspect.ImageFacts;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.lvm.LvmReport;
import io.virttune.xml.DomainXml;
import java.nio.file.Path;
import java.util.List;

/** The host's stores as custody reads them through the image ports: LVs from LVM's report, images from the files. */
public final class CustodyReads {
    private CustodyReads() {}

    /** Every domain's current definitions, those of the domain {@code uuid} apart, over {@code lvm}. */
    public static DefinedStores stores(ImagePorts images, DomainDefinitions definitions, String uuid, LvmReport lvm) {
        return stores(images, definitions, definitions.allDefinitions(), uuid, lvm);
    }

    /**
     * As {@link #stores(ImagePorts, DomainDefinitions, String, LvmReport)}, of {@code all}, every
     * domain's definitions as a caller that judges more by them read them once.
     */
    public static DefinedStores stores(
            ImagePorts images, DomainDefinitions definitions, List<String> all, String uuid, LvmReport lvm) {
        return DefinedStores.read(
                all,
                uuid,
                definitions::volumePath,
                chains(images),
                store -> lvm.logicalVolumeByDevice(store).isPresent()
                        || images.files().exists(Path.of(store)));
    }

    /** The stores a definition names, pool volumes resolved through {@code definitions}, backing chains followed. */
    public static List<String> sourcesOf(ImagePorts images, String xml, DomainDefinitions definitions) {
        return DefinedStores.sources(
                DomainXml.parse(xml, "a domain's definition"), definitions::volumePath, chains(images));
    }

    private static BackingChains chains(ImagePorts images) {
        return (image, format) -> images.files().exists(Path.of(image))
                ? images.facts()
                        .image(image, format)
                        .map(ImageFacts::backingChain)
                        .orElse(List.of())
                : List.of();
    }
}

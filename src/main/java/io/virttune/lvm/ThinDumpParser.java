package io.virttune.lvm;

import io.virttune.VirtTuneException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads one thin device's mappings from the XML {@code thin_dump --dev-id} prints, refusing what it
 * does not know rather than reading it as unprovisioned.
 */
final class ThinDumpParser {
    private static final XMLInputFactory FACTORY = factory();
    private static final long SECTOR = 512;

    /** What the dump says of device {@code devId}: its chunks and the count of them it states. */
    record DeviceMappings(ProvisionedChunks chunks, long statedBlocks) {}

    private ThinDumpParser() {}

    static DeviceMappings parse(String xml, long devId) {
        try {
            return read(FACTORY.createXMLStreamReader(new StringReader(xml)), devId);
        } catch (XMLStreamException e) {
            throw VirtTuneException.failed("thin_dump printed XML that does not parse: " + e.getMessage(), e);
        }
    }

    private static DeviceMappings read(XMLStreamReader xml, long devId) throws XMLStreamException {
        long blockBytes = 0;
        long statedBlocks = -1;
        List<ProvisionedChunks.Run> runs = new ArrayList<>();
        boolean inDevice = false;
        while (xml.hasNext()) {
            int event = xml.next();
            if (event == XMLStreamConstants.END_ELEMENT && xml.getLocalName().equals("device")) {
                inDevice = false;
            }
            if (event != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            switch (xml.getLocalName()) {
                case "superblock" -> blockBytes = number(xml, "data_block_size") * SECTOR;
                case "device" -> {
                    if (number(xml, "dev_id") != devId) {
                        throw VirtTuneException.failed("thin_dump --dev-id " + devId + " printed device "
                                + xml.getAttributeValue(null, "dev_id"));
                    }
                    inDevice = true;
                    statedBlocks = number(xml, "mapped_blocks");
                }
                case "range_mapping" ->
                    add(runs, inDevice, number(xml, "origin_begin"), number(xml, "length"), blockBytes);
                case "single_mapping" -> add(runs, inDevice, number(xml, "origin_block"), 1, blockBytes);
                default ->
                    throw VirtTuneException.failed("thin_dump printed <" + xml.getLocalName()
                            + ">, which virt-tune does not read as a mapping");
            }
        }
        if (statedBlocks < 0) {
            throw VirtTuneException.failed("thin_dump lists no device " + devId + " in the pool's metadata snapshot");
        }
        return new DeviceMappings(new ProvisionedChunks(blockBytes, runs), statedBlocks);
    }

    private static void add(
            List<ProvisionedChunks.Run> runs, boolean inDevice, long first, long count, long blockBytes) {
        if (!inDevice || blockBytes <= 0 || count <= 0) {
            throw VirtTuneException.failed("thin_dump printed a mapping outside a device or of no length");
        }
        long start = first * blockBytes;
        long length = count * blockBytes;
        int last = runs.size() - 1;
        if (last >= 0 && runs.get(last).start() + runs.get(last).length() > start) {
            throw VirtTuneException.failed("thin_dump printed mappings out of order at block " + first);
        }
        if (last >= 0 && runs.get(last).start() + runs.get(last).length() == start) {
            runs.set(
                    last,
                    new ProvisionedChunks.Run(
                            runs.get(last).start(), runs.get(last).length() + length));
        } else {
            runs.add(new ProvisionedChunks.Run(start, length));
        }
    }

    private static long number(XMLStreamReader xml, String attribute) {
        String value = xml.getAttributeValue(null, attribute);
        if (value == null || !value.matches("[0-9]{1,18}")) {
            throw VirtTuneException.failed(
                    "thin_dump printed <" + xml.getLocalName() + "> without a number in " + attribute);
        }
        return Long.parseLong(value);
    }

    private static XMLInputFactory factory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        return factory;
    }
}

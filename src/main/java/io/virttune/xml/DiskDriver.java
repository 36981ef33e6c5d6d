package io.virttune.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jdom2.Element;

/** How QEMU opens a {@code <disk>}'s data: its {@code <driver>}'s declared attributes and the edits that span them. */
final class DiskDriver {
    /** A driver this code creates is named qemu, the only driver of libvirt's QEMU domains. */
    private static final Consumer<Element> NAMED_QEMU = driver -> driver.setAttribute("name", "qemu");

    static final XmlProperty<String> NAME = attribute("name", XmlProperty.STRING);
    /** The image format: raw, qcow2, ... */
    static final XmlProperty<String> FORMAT = attribute("type", XmlProperty.STRING);

    static final XmlProperty<String> CACHE = attribute("cache", XmlProperty.STRING);
    static final XmlProperty<String> IO = attribute("io", XmlProperty.STRING);
    static final XmlProperty<String> DISCARD = attribute("discard", XmlProperty.STRING);
    static final XmlProperty<String> DETECT_ZEROES = attribute("detect_zeroes", XmlProperty.STRING);
    static final XmlProperty<Integer> IOTHREAD = attribute("iothread", XmlProperty.INTEGER);
    /** The virtio-blk queue count. */
    static final XmlProperty<Integer> QUEUES = attribute("queues", XmlProperty.INTEGER);

    /** {@code <driver><iothreads><iothread id=.../>}: libvirt 10's IOThreads per queue. */
    private static final XmlPath QUEUE_IOTHREADS = XmlPath.of("driver/iothreads/iothread");
    /** An id a queue IOThread lacks reads as '', which is refused like any other that is not a number. */
    private static final XmlProperty<Integer> QUEUE_IOTHREAD_ID =
            XmlProperty.integer("@id").absentAs("");

    private static final XmlPath QUEUE_IOTHREAD_SET = XmlPath.of("driver/iothreads");

    /** Driver attributes only the qcow2 format has (QEMU's discard-no-unref is a qcow2 option). */
    private static final List<String> QCOW2_ONLY_ATTRIBUTES = List.of("discard_no_unref");

    /**
     * Driver children only qcow2 has: the QEMU driver refuses {@code <metadata_cache>} on others
     * ("metadata cache max size control is supported only with qcow2 images").
     */
    private static final List<XmlPath> QCOW2_ONLY_CHILDREN = List.of(XmlPath.of("driver/metadata_cache"));

    private DiskDriver() {}

    private static <T> XmlProperty<T> attribute(String name, XmlProperty.Converter<T> converter) {
        return XmlProperty.of("driver/@" + name, converter).whenCreated(NAMED_QEMU);
    }

    /** The ids of the IOThreads per queue; {@code subject} names the disk in a refusal of one. */
    static List<Integer> queueIothreads(Element disk, String origin, String subject) {
        String thread = subject + " driver iothreads iothread";
        return QUEUE_IOTHREADS.findAll(disk).stream()
                .map(element -> QUEUE_IOTHREAD_ID.get(element, origin, thread).orElseThrow())
                .toList();
    }

    /**
     * {@code <driver queues='N'><iothreads><iothread id=.../>...}: the queues spread over those
     * IOThreads (libvirt maps them round-robin), in place of an {@code iothread} attribute, which
     * libvirt refuses beside the set.
     */
    static void setQueueIothreads(Element disk, int queues, List<Integer> ids) {
        QUEUES.set(disk, queues);
        IOTHREAD.remove(disk);
        // A set written before is replaced whole, not pruned: the new one takes its place at once.
        QUEUE_IOTHREAD_SET.find(disk).ifPresent(Indentation::detach);
        QUEUE_IOTHREAD_SET.findOrCreate(disk);
        ids.forEach(id -> QUEUE_IOTHREAD_ID.set(QUEUE_IOTHREADS.add(disk), id));
    }

    /**
     * Sets the image format; a format other than qcow2 drops the driver options only qcow2 has.
     * Returns the names of what was dropped.
     */
    static List<String> setFormat(Element disk, String format) {
        FORMAT.set(disk, format);
        List<String> dropped = new ArrayList<>();
        if (format.equals("qcow2")) {
            return dropped;
        }
        for (String name : QCOW2_ONLY_ATTRIBUTES) {
            XmlProperty<String> option = attribute(name, XmlProperty.STRING);
            if (option.isPresent(disk)) {
                option.remove(disk);
                dropped.add(name);
            }
        }
        QCOW2_ONLY_CHILDREN.forEach(path -> path.removeAll(disk).forEach(child -> dropped.add(child.getName())));
        return dropped;
    }
}

package io.virttune.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdom2.Element;

/** How QEMU opens a {@code <disk>}'s data: its {@code <driver>} attributes, read and set. */
final class DiskDriver {
    /** Driver attributes only the qcow2 format has (QEMU's discard-no-unref is a qcow2 option). */
    private static final List<String> QCOW2_ONLY_ATTRIBUTES = List.of("discard_no_unref");

    /**
     * Driver children only qcow2 has: the QEMU driver refuses {@code <metadata_cache>} on others
     * ("metadata cache max size control is supported only with qcow2 images").
     */
    private static final List<String> QCOW2_ONLY_CHILDREN = List.of("metadata_cache");

    private final Element disk;

    DiskDriver(Element disk) {
        this.disk = disk;
    }

    Optional<String> attribute(String name) {
        return Elements.childAttribute(disk, "driver", name);
    }

    /** The ids of {@code <driver><iothreads><iothread id=.../>}: libvirt 10's IOThreads per queue. */
    List<String> queueIothreadIds() {
        return Elements.child(disk, "driver")
                .flatMap(driver -> Elements.child(driver, "iothreads"))
                .map(set -> set.getChildren("iothread").stream()
                        .map(thread -> thread.getAttributeValue("id", ""))
                        .toList())
                .orElse(List.of());
    }

    /**
     * {@code <driver queues='N'><iothreads><iothread id=.../>...}: the queues spread over those
     * IOThreads (libvirt maps them round-robin), in place of an {@code iothread} attribute, which
     * libvirt refuses beside the set.
     */
    void setQueueIothreads(int queues, List<Integer> ids) {
        Element driver = Elements.child(disk, "driver").orElseGet(this::create);
        driver.setAttribute("queues", Integer.toString(queues));
        driver.removeAttribute("iothread");
        Elements.child(driver, "iothreads").ifPresent(Indentation::detach);
        Element set = new Element("iothreads");
        Indentation.insertAfter(driver, null, set);
        Element previous = null;
        for (int id : ids) {
            Element thread = new Element("iothread").setAttribute("id", Integer.toString(id));
            Indentation.insertAfter(set, previous, thread);
            previous = thread;
        }
    }

    /** Sets a driver attribute, creating {@code <driver name='qemu'>} if needed; null removes it. */
    void set(String name, String value) {
        Optional<Element> driver = Elements.child(disk, "driver");
        if (value == null) {
            driver.ifPresent(found -> Elements.setAttribute(found, name, null, disk));
            return;
        }
        driver.orElseGet(this::create).setAttribute(name, value);
    }

    /**
     * Sets the image format; a format other than qcow2 drops the driver options only qcow2 has.
     * Returns the names of what was dropped.
     */
    List<String> setFormat(String format) {
        set("type", format);
        List<String> dropped = new ArrayList<>();
        if (format.equals("qcow2")) {
            return dropped;
        }
        Element driver = disk.getChild("driver");
        QCOW2_ONLY_ATTRIBUTES.stream()
                .filter(name -> driver.getAttribute(name) != null)
                .forEach(name -> {
                    driver.removeAttribute(name);
                    dropped.add(name);
                });
        QCOW2_ONLY_CHILDREN.forEach(name -> dropped.addAll(DiskSource.removeChildren(disk, driver, name)));
        return dropped;
    }

    private Element create() {
        Element driver = ChildOrder.DISK.insert(disk, "driver");
        driver.setAttribute("name", "qemu");
        return driver;
    }
}

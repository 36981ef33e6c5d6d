package io.virttune.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.jdom2.Element;

/** One {@code <devices><disk>} of a domain, read and edited in place. */
public final class DiskView {
    /**
     * Disk children that give the guest its device names (/dev/disk/by-id/wwn-*, scsi-*): the QEMU
     * driver takes {@code <wwn>} only on ide and scsi, {@code <vendor>} and {@code <product>} only
     * on scsi ("Only ide and scsi disk support wwn").
     */
    private static final List<String> BUS_BOUND_IDENTITY = List.of("wwn", "vendor", "product");

    private final Element disk;
    private final String origin;
    private final DiskSource source;
    private final DiskDriver driver;

    DiskView(Element disk, String origin) {
        this.disk = disk;
        this.origin = origin;
        this.source = new DiskSource(disk);
        this.driver = new DiskDriver(disk);
    }

    public Element element() {
        return disk;
    }

    /** disk, cdrom, floppy or lun; libvirt's default is disk. */
    public String device() {
        return Elements.attribute(disk, "device").orElse("disk");
    }

    /** file, block, network, volume, dir, nvme or vhostuser; libvirt's default is file. */
    public String type() {
        return Elements.attribute(disk, "type").orElse("file");
    }

    /** The host path of a file, block or dir source. */
    public Optional<String> sourcePath() {
        return source.path();
    }

    public Optional<String> sourceProtocol() {
        return source.attribute("protocol");
    }

    public Optional<String> sourceName() {
        return source.attribute("name");
    }

    public Optional<String> sourcePool() {
        return source.attribute("pool");
    }

    public Optional<String> sourceVolume() {
        return source.attribute("volume");
    }

    public Optional<String> driverName() {
        return driver.attribute("name");
    }

    /** The image format (driver/@type): raw, qcow2, ... */
    public Optional<String> format() {
        return driver.attribute("type");
    }

    public Optional<String> cache() {
        return driver.attribute("cache");
    }

    public Optional<String> io() {
        return driver.attribute("io");
    }

    public Optional<String> discard() {
        return driver.attribute("discard");
    }

    public Optional<String> detectZeroes() {
        return driver.attribute("detect_zeroes");
    }

    public OptionalInt iothread() {
        return Elements.parseInt(driver.attribute("iothread"), where() + " driver iothread", origin);
    }

    /**
     * The IOThreads its queues are spread over ({@code <driver queues='N'><iothreads>}, libvirt 10
     * with QEMU 9): excludes the {@code iothread} attribute, and is an IOThread of the disk's own too.
     */
    public List<Integer> queueIothreads() {
        return driver.queueIothreadIds().stream()
                .map(id -> Elements.parseInt(Optional.of(id), where() + " driver iothreads iothread id", origin)
                        .orElseThrow())
                .toList();
    }

    /** Its virtio-blk queue count ({@code driver/@queues}), when the definition gives one. */
    public OptionalInt queues() {
        return Elements.parseInt(driver.attribute("queues"), where() + " driver queues", origin);
    }

    /** Spreads its {@code queues} over the IOThreads {@code ids}, in place of an {@code iothread} attribute. */
    public void setQueueIothreads(int queues, List<Integer> ids) {
        driver.setQueueIothreads(queues, ids);
    }

    /** Whether the disk runs on IOThreads of its own: the attribute, or an IOThread per queue. */
    public boolean hasIothread() {
        return iothread().isPresent() || !queueIothreads().isEmpty();
    }

    /** The guest device name (target/@dev), which libvirt requires on every disk. */
    public String targetDev() {
        return declaredTargetDev()
                .orElseThrow(() ->
                        new XmlRejectedException(origin + ": a disk has no <target dev=...>; libvirt requires one"));
    }

    /** The guest device name if the definition gives one: for reporting on definitions libvirt refuses. */
    public Optional<String> declaredTargetDev() {
        return Elements.childAttribute(disk, "target", "dev");
    }

    public Optional<String> targetBus() {
        return Elements.childAttribute(disk, "target", "bus");
    }

    public boolean hasAddress() {
        return disk.getChild("address") != null;
    }

    public OptionalInt bootOrder() {
        return Elements.parseInt(Elements.childAttribute(disk, "boot", "order"), where() + " boot order", origin);
    }

    public boolean shareable() {
        return disk.getChild("shareable") != null;
    }

    public boolean readonly() {
        return disk.getChild("readonly") != null;
    }

    public boolean transientDisk() {
        return disk.getChild("transient") != null;
    }

    /**
     * True when the disk's file is opened by the management application and handed to libvirt as
     * a file descriptor ({@code <source fdgroup=...>}, libvirt 9.0): its path is not libvirt's to open.
     */
    public boolean fdPassed() {
        return source.fdPassed();
    }

    /** True when the disk or its source carries an {@code <encryption>} element. */
    public boolean encrypted() {
        return disk.getChild("encryption") != null || source.encrypted();
    }

    /**
     * The backing chain below the top image, nearest first: each entry's path, or its network
     * name, or its type when it has neither. The empty {@code <backingStore/>} that ends a
     * chain is not an entry.
     */
    public List<String> backingStores() {
        return source.backingStores();
    }

    /**
     * Points the disk at a block device: type='block' and {@code <source dev=...>}, keeping
     * source children such as seclabel; the backing chain goes because the new disk is flat.
     */
    public void setBlockSource(String dev) {
        source.pointAtBlockDevice(dev);
    }

    /** The identity children ({@code <wwn>}, {@code <vendor>}, {@code <product>}) the disk has. */
    public List<String> busBoundIdentity() {
        return BUS_BOUND_IDENTITY.stream()
                .filter(name -> disk.getChild(name) != null)
                .toList();
    }

    /**
     * Sets the image format; a format other than qcow2 drops what only qcow2 has (qcow2 driver
     * options, {@code <metadata_cache>}, the external data file's {@code <source><dataStore>}, whose
     * data a flat copy holds). Returns the names of what was dropped.
     */
    public List<String> setDriverFormat(String format) {
        List<String> dropped = new ArrayList<>(driver.setFormat(format));
        if (!format.equals("qcow2")) {
            dropped.addAll(source.dropDataStore());
        }
        return dropped;
    }

    public void setCache(String cache) {
        driver.set("cache", cache);
    }

    public void setIo(String io) {
        driver.set("io", io);
    }

    public void setDiscard(String discard) {
        driver.set("discard", discard);
    }

    public void setDetectZeroes(String detectZeroes) {
        driver.set("detect_zeroes", detectZeroes);
    }

    public void setIothread(Integer id) {
        driver.set("iothread", id == null ? null : id.toString());
    }

    /**
     * Sets target/@dev and target/@bus (a null bus removes it), dropping what only the old bus
     * takes ({@link DiskTargetEdit}).
     */
    public void setTarget(String dev, String bus) {
        DiskTargetEdit.set(disk, dev, bus);
    }

    public void removeAddress() {
        List.copyOf(disk.getChildren("address")).forEach(address -> Elements.remove(address, disk));
    }

    /** Names the disk in messages by its target when it has one. */
    private String where() {
        return Elements.childAttribute(disk, "target", "dev")
                .map(dev -> "disk " + dev)
                .orElse("a disk");
    }
}

package io.virttune.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.jdom2.Element;

/** One {@code <devices><disk>} of a domain, read and edited in place. */
public final class DiskView {
    static final XmlProperty<String> DEVICE = XmlProperty.string("@device");
    static final XmlProperty<String> TARGET_DEV = XmlProperty.string("target/@dev");
    static final XmlProperty<String> TARGET_BUS = XmlProperty.string("target/@bus");
    private static final XmlProperty<Integer> BOOT_ORDER = XmlProperty.integer("boot/@order");
    private static final XmlPath ADDRESS = XmlPath.of("address");
    private static final XmlPath SHAREABLE = XmlPath.of("shareable");
    private static final XmlPath READONLY = XmlPath.of("readonly");
    private static final XmlPath TRANSIENT = XmlPath.of("transient");
    private static final XmlPath ENCRYPTION = XmlPath.of("encryption");

    /**
     * Disk children that give the guest its device names (/dev/disk/by-id/wwn-*, scsi-*): the QEMU
     * driver takes {@code <wwn>} only on ide and scsi, {@code <vendor>} and {@code <product>} only
     * on scsi ("Only ide and scsi disk support wwn").
     */
    private static final List<String> BUS_BOUND_IDENTITY = List.of("wwn", "vendor", "product");

    private final Element disk;
    private final String origin;

    DiskView(Element disk, String origin) {
        this.disk = disk;
        this.origin = origin;
    }

    public Element element() {
        return disk;
    }

    /** disk, cdrom, floppy or lun; libvirt's default is disk. */
    public String device() {
        return DEVICE.get(disk).orElse("disk");
    }

    /** file, block, network, volume, dir, nvme or vhostuser; libvirt's default is file. */
    public String type() {
        return DiskSource.TYPE.get(disk).orElse("file");
    }

    /** The host path of a file, block or dir source. */
    public Optional<String> sourcePath() {
        return DiskSource.path(disk);
    }

    public Optional<String> sourceProtocol() {
        return DiskSource.PROTOCOL.get(disk);
    }

    public Optional<String> sourceName() {
        return DiskSource.NAME.get(disk);
    }

    public Optional<String> sourcePool() {
        return DiskSource.POOL.get(disk);
    }

    public Optional<String> sourceVolume() {
        return DiskSource.VOLUME.get(disk);
    }

    public Optional<String> driverName() {
        return DiskDriver.NAME.get(disk);
    }

    /** The image format (driver/@type): raw, qcow2, ... */
    public Optional<String> format() {
        return DiskDriver.FORMAT.get(disk);
    }

    public Optional<String> cache() {
        return DiskDriver.CACHE.get(disk);
    }

    public Optional<String> io() {
        return DiskDriver.IO.get(disk);
    }

    public Optional<String> discard() {
        return DiskDriver.DISCARD.get(disk);
    }

    public Optional<String> detectZeroes() {
        return DiskDriver.DETECT_ZEROES.get(disk);
    }

    public OptionalInt iothread() {
        return unboxed(DiskDriver.IOTHREAD.get(disk, origin, where()));
    }

    /**
     * The IOThreads its queues are spread over ({@code <driver queues='N'><iothreads>}, libvirt 10
     * with QEMU 9): excludes the {@code iothread} attribute, and is an IOThread of the disk's own too.
     */
    public List<Integer> queueIothreads() {
        return DiskDriver.queueIothreads(disk, origin, where());
    }

    /** Its virtio-blk queue count ({@code driver/@queues}), when the definition gives one. */
    public OptionalInt queues() {
        return unboxed(DiskDriver.QUEUES.get(disk, origin, where()));
    }

    /** Spreads its {@code queues} over the IOThreads {@code ids}, in place of an {@code iothread} attribute. */
    public void setQueueIothreads(int queues, List<Integer> ids) {
        DiskDriver.setQueueIothreads(disk, queues, ids);
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
        return TARGET_DEV.get(disk);
    }

    public Optional<String> targetBus() {
        return TARGET_BUS.get(disk);
    }

    public boolean hasAddress() {
        return ADDRESS.exists(disk);
    }

    public OptionalInt bootOrder() {
        return unboxed(BOOT_ORDER.get(disk, origin, where()));
    }

    public boolean shareable() {
        return SHAREABLE.exists(disk);
    }

    public boolean readonly() {
        return READONLY.exists(disk);
    }

    public boolean transientDisk() {
        return TRANSIENT.exists(disk);
    }

    /**
     * True when the disk's file is opened by the management application and handed to libvirt as
     * a file descriptor ({@code <source fdgroup=...>}, libvirt 9.0): its path is not libvirt's to open.
     */
    public boolean fdPassed() {
        return DiskSource.FDGROUP.isPresent(disk);
    }

    /** True when the disk or its source carries an {@code <encryption>} element. */
    public boolean encrypted() {
        return ENCRYPTION.exists(disk) || DiskSource.ENCRYPTION.exists(disk);
    }

    /**
     * The backing chain below the top image, nearest first: each entry's path, or its network
     * name, or its type when it has neither. The empty {@code <backingStore/>} that ends a
     * chain is not an entry.
     */
    public List<String> backingStores() {
        return DiskSource.backingStores(disk);
    }

    /**
     * Points the disk at a block device: type='block' and {@code <source dev=...>}, keeping
     * source children such as seclabel; the backing chain goes because the new disk is flat.
     */
    public void setBlockSource(String dev) {
        DiskSource.pointAtBlockDevice(disk, dev);
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
        List<String> dropped = new ArrayList<>(DiskDriver.setFormat(disk, format));
        if (!format.equals("qcow2")) {
            dropped.addAll(DiskSource.dropDataStore(disk));
        }
        return dropped;
    }

    public void setCache(String cache) {
        DiskDriver.CACHE.set(disk, cache);
    }

    public void setIo(String io) {
        DiskDriver.IO.set(disk, io);
    }

    public void setDiscard(String discard) {
        DiskDriver.DISCARD.set(disk, discard);
    }

    public void setDetectZeroes(String detectZeroes) {
        DiskDriver.DETECT_ZEROES.set(disk, detectZeroes);
    }

    public void setIothread(Integer id) {
        DiskDriver.IOTHREAD.set(disk, id);
    }

    /**
     * Sets target/@dev and target/@bus (a null bus removes it), dropping what only the old bus
     * takes ({@link DiskTargetEdit}).
     */
    public void setTarget(String dev, String bus) {
        DiskTargetEdit.set(disk, dev, bus);
    }

    public void removeAddress() {
        ADDRESS.removeAll(disk);
    }

    /** Names the disk in messages by its target when it has one. */
    private String where() {
        return TARGET_DEV.get(disk).map(dev -> "disk " + dev).orElse("a disk");
    }

    private static OptionalInt unboxed(Optional<Integer> value) {
        return value.map(OptionalInt::of).orElseGet(OptionalInt::empty);
    }
}

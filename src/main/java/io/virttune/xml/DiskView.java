package io.virttune.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Stream;
import org.jdom2.Element;

/** One {@code <devices><disk>} of a domain, read and edited in place. */
public final class DiskView {
  /** Source attributes that say where the data is; a new block source replaces them all. */
  private static final List<String> LOCATION_ATTRIBUTES = List.of("file", "dev", "dir", "name",
      "protocol", "pool", "volume", "mode", "type", "path", "index", "query");
  /** Source children that only make sense for a remote, pool or PCI location. */
  private static final Set<String> LOCATION_CHILDREN = Set.of("host", "auth", "snapshot",
      "config", "initiator", "cookies", "ssl", "readahead", "timeout", "reconnect", "address");

  /** Target attributes that belong to one kind of bus. */
  private static final List<String> BUS_SPECIFIC_TARGET_ATTRIBUTES = List.of("removable", "rotation_rate");

  /**
   * Disk children that give the guest its device names (/dev/disk/by-id/wwn-*, scsi-*): the QEMU
   * driver takes {@code <wwn>} only on ide and scsi, {@code <vendor>} and {@code <product>} only
   * on scsi ("Only ide and scsi disk support wwn").
   */
  private static final List<String> BUS_BOUND_IDENTITY = List.of("wwn", "vendor", "product");

  /** Driver attributes only the qcow2 format has (QEMU's discard-no-unref is a qcow2 option). */
  private static final List<String> QCOW2_ONLY_DRIVER_ATTRIBUTES = List.of("discard_no_unref");

  /**
   * Driver children only qcow2 has: the QEMU driver refuses {@code <metadata_cache>} on others
   * ("metadata cache max size control is supported only with qcow2 images").
   */
  private static final List<String> QCOW2_ONLY_DRIVER_CHILDREN = List.of("metadata_cache");

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
    return Elements.attribute(disk, "device").orElse("disk");
  }

  /** file, block, network, volume, dir, nvme or vhostuser; libvirt's default is file. */
  public String type() {
    return Elements.attribute(disk, "type").orElse("file");
  }

  /** The host path of a file, block or dir source. */
  public Optional<String> sourcePath() {
    return source().flatMap(DiskView::pathOf);
  }

  public Optional<String> sourceProtocol() {
    return sourceAttribute("protocol");
  }

  public Optional<String> sourceName() {
    return sourceAttribute("name");
  }

  public Optional<String> sourcePool() {
    return sourceAttribute("pool");
  }

  public Optional<String> sourceVolume() {
    return sourceAttribute("volume");
  }

  public Optional<String> driverName() {
    return driverAttribute("name");
  }

  /** The image format (driver/@type): raw, qcow2, ... */
  public Optional<String> format() {
    return driverAttribute("type");
  }

  public Optional<String> cache() {
    return driverAttribute("cache");
  }

  public Optional<String> io() {
    return driverAttribute("io");
  }

  public Optional<String> discard() {
    return driverAttribute("discard");
  }

  public Optional<String> detectZeroes() {
    return driverAttribute("detect_zeroes");
  }

  public OptionalInt iothread() {
    return Elements.parseInt(driverAttribute("iothread"), where() + " driver iothread", origin);
  }

  /** The guest device name (target/@dev), which libvirt requires on every disk. */
  public String targetDev() {
    return declaredTargetDev().orElseThrow(() ->
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
    return Elements.parseInt(Elements.childAttribute(disk, "boot", "order"),
        where() + " boot order", origin);
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
    return source().map(source -> source.getAttribute("fdgroup") != null).orElse(false);
  }

  /** True when the disk or its source carries an {@code <encryption>} element. */
  public boolean encrypted() {
    return disk.getChild("encryption") != null
        || source().map(source -> source.getChild("encryption") != null).orElse(false);
  }

  /**
   * The backing chain below the top image, nearest first: each entry's path, or its network
   * name, or its type when it has neither. The empty {@code <backingStore/>} that ends a
   * chain is not an entry.
   */
  public List<String> backingStores() {
    List<String> chain = new ArrayList<>();
    Element store = disk.getChild("backingStore");
    while (store != null && !store.getAttributes().isEmpty()) {
      Optional<Element> source = Elements.child(store, "source");
      String type = Elements.attribute(store, "type").orElse("file");
      chain.add(source.flatMap(s -> pathOf(s).or(() -> Elements.attribute(s, "name")))
          .orElse(type));
      store = store.getChild("backingStore");
    }
    return chain;
  }

  /**
   * Points the disk at a block device: type='block' and {@code <source dev=...>}, keeping
   * source children such as seclabel; the backing chain goes because the new disk is flat.
   */
  public void setBlockSource(String dev) {
    disk.setAttribute("type", "block");
    Element source = source().orElseGet(() -> ChildOrder.DISK.insert(disk, "source"));
    LOCATION_ATTRIBUTES.forEach(source::removeAttribute);
    List.copyOf(source.getChildren()).stream()
        .filter(child -> LOCATION_CHILDREN.contains(child.getName()))
        .forEach(child -> Elements.remove(child, source));
    source.setAttribute("dev", dev);
    // Disk-level <auth> is the old network location's credentials; the chain is now flat.
    Stream.of("auth", "backingStore")
        .flatMap(name -> List.copyOf(disk.getChildren(name)).stream())
        .forEach(stale -> Elements.remove(stale, disk));
  }

  /** The identity children ({@code <wwn>}, {@code <vendor>}, {@code <product>}) the disk has. */
  public List<String> busBoundIdentity() {
    return BUS_BOUND_IDENTITY.stream().filter(name -> disk.getChild(name) != null).toList();
  }

  /**
   * Sets the image format; a format other than qcow2 drops what only qcow2 has (qcow2 driver
   * options, {@code <metadata_cache>}, the external data file's {@code <source><dataStore>}, whose
   * data a flat copy holds). Returns the names of what was dropped.
   */
  public List<String> setDriverFormat(String format) {
    setDriverAttribute("type", format);
    List<String> dropped = new ArrayList<>();
    if (format.equals("qcow2")) {
      return dropped;
    }
    Element driver = disk.getChild("driver");
    QCOW2_ONLY_DRIVER_ATTRIBUTES.stream().filter(name -> driver.getAttribute(name) != null).forEach(name -> {
      driver.removeAttribute(name);
      dropped.add(name);
    });
    QCOW2_ONLY_DRIVER_CHILDREN.forEach(name -> dropped.addAll(removeChildren(driver, name)));
    source().ifPresent(source -> dropped.addAll(removeChildren(source, "dataStore")));
    return dropped;
  }

  private List<String> removeChildren(Element parent, String name) {
    List<Element> children = List.copyOf(parent.getChildren(name));
    children.forEach(child -> Elements.remove(child, disk));
    return children.stream().map(Element::getName).toList();
  }

  public void setCache(String cache) {
    setDriverAttribute("cache", cache);
  }

  public void setIo(String io) {
    setDriverAttribute("io", io);
  }

  public void setDiscard(String discard) {
    setDriverAttribute("discard", discard);
  }

  public void setDetectZeroes(String detectZeroes) {
    setDriverAttribute("detect_zeroes", detectZeroes);
  }

  public void setIothread(Integer id) {
    setDriverAttribute("iothread", id == null ? null : id.toString());
  }

  /**
   * Sets target/@dev and target/@bus (a null bus removes it). A new bus drops the attributes only
   * the old one has (removable for USB, rotation_rate for IDE/SATA/SCSI, the geometry's CHS
   * translation for IDE): libvirt refuses them.
   */
  public void setTarget(String dev, String bus) {
    Element target = Elements.child(disk, "target")
        .orElseGet(() -> ChildOrder.DISK.insert(disk, "target"));
    if (!Objects.equals(target.getAttributeValue("bus"), bus)) {
      BUS_SPECIFIC_TARGET_ATTRIBUTES.forEach(target::removeAttribute);
      if (!"ide".equals(bus)) {
        Elements.child(disk, "geometry").ifPresent(geometry -> Elements.setAttribute(geometry, "trans", null, disk));
      }
    }
    target.setAttribute("dev", dev);
    Elements.setAttribute(target, "bus", bus, disk);
  }

  public void removeAddress() {
    List.copyOf(disk.getChildren("address")).forEach(address -> Elements.remove(address, disk));
  }

  private void setDriverAttribute(String name, String value) {
    Optional<Element> driver = Elements.child(disk, "driver");
    if (value == null) {
      driver.ifPresent(found -> Elements.setAttribute(found, name, null, disk));
      return;
    }
    driver.orElseGet(this::createDriver).setAttribute(name, value);
  }

  private Element createDriver() {
    Element driver = ChildOrder.DISK.insert(disk, "driver");
    driver.setAttribute("name", "qemu");
    return driver;
  }

  private Optional<Element> source() {
    return Elements.child(disk, "source");
  }

  private Optional<String> sourceAttribute(String name) {
    return source().flatMap(source -> Elements.attribute(source, name));
  }

  private Optional<String> driverAttribute(String name) {
    return Elements.childAttribute(disk, "driver", name);
  }

  private static Optional<String> pathOf(Element source) {
    return Stream.of("file", "dev", "dir")
        .map(source::getAttributeValue)
        .filter(Objects::nonNull)
        .findFirst();
  }

  /** Names the disk in messages by its target when it has one. */
  private String where() {
    return Elements.childAttribute(disk, "target", "dev").map(dev -> "disk " + dev)
        .orElse("a disk");
  }
}

package io.virttune.libvirt;

import java.util.List;
import java.util.Optional;

/** Reading a domain's current definition and replacing it: the libvirt side of apply and rollback. */
public interface DomainDefinitions extends AutoCloseable {

    Optional<LiveDomain> find(String name);

    /**
     * Every domain's definitions as XML: the persistent one of each defined domain, and the live
     * one of each running domain (it may name disks attached live only). What an LV removal checks
     * first; a domain that cannot be read fails the call, since what it uses is then unknown.
     */
    List<String> allDefinitions();

    /** The live definition of a running domain, empty when it is not running: what its QEMU has open. */
    Optional<String> liveXml(String name);

    /**
     * The path of volume {@code volume} of storage pool {@code pool}, as a {@code <disk
     * type='volume'>} names it; empty when libvirt knows no such pool or volume.
     */
    Optional<String> volumePath(String pool, String volume);

    /** Defines (replaces) a persistent domain; libvirt validates the XML and refuses bad ones. */
    void define(String xml);

    /** Whether libvirt starts the domain when libvirtd starts (at boot). */
    boolean autostart(String name);

    /** Turns the domain's autostart on or off. */
    void autostart(String name, boolean on);

    @Override
    void close();
}

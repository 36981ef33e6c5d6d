package io.virttune.libvirt;

import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.libvirt.Connect;
import org.libvirt.Domain;
import org.libvirt.Error.ErrorNumber;
import org.libvirt.LibvirtException;

/** {@link DomainDefinitions} over a read-write libvirt-java connection (root on the host). */
public final class LibvirtJavaDefinitions implements DomainDefinitions {
    private final String uri;
    private final Connect connect;

    private LibvirtJavaDefinitions(String uri, Connect connect) {
        this.uri = uri;
        this.connect = connect;
    }

    public static LibvirtJavaDefinitions open(String uri) {
        LibvirtCalls.silenceDefaultErrorPrinting();
        try {
            return new LibvirtJavaDefinitions(uri, new Connect(uri, false));
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(
                    "cannot open a read-write libvirt connection to '" + uri + "': " + LibvirtCalls.message(e)
                            + " (is libvirtd running, and are you root?)",
                    e);
        }
    }

    @Override
    public Optional<LiveDomain> find(String name) {
        return read(
                name,
                "domain",
                domain -> Optional.of(new LiveDomain(
                        domain.getName(),
                        domain.getUUIDString(),
                        LibvirtCalls.state(domain.getInfo().state),
                        domain.getXMLDesc(LibvirtCalls.XML_INACTIVE),
                        domain.getXMLDesc(LibvirtCalls.XML_INACTIVE | LibvirtCalls.XML_SECURE),
                        domain.hasManagedSaveImage() == 1,
                        domain.snapshotNum(),
                        domain.isPersistent() == 1)));
    }

    /** What {@code reading} reads of the domain {@code name}; empty when there is no such domain. */
    private <T> Optional<T> read(String name, String what, Held.Call<Domain, Optional<T>> reading) {
        try {
            return Held.call(connect.domainLookupByName(name), reading);
        } catch (LibvirtException e) {
            if (e.getError() != null && e.getError().getCode() == ErrorNumber.VIR_ERR_NO_DOMAIN) {
                return Optional.empty();
            }
            throw VirtTuneException.failed(
                    "cannot read " + what + " '" + name + "' on " + uri + ": " + LibvirtCalls.message(e), e);
        }
    }

    @Override
    public List<String> allDefinitions() {
        List<String> definitions = new ArrayList<>();
        try {
            for (int id : connect.listDomains()) {
                definitions.addAll(Held.call(
                        connect.domainLookupByID(id),
                        running -> running.isPersistent() == 1
                                ? List.of(running.getXMLDesc(0), running.getXMLDesc(LibvirtCalls.XML_INACTIVE))
                                : List.of(running.getXMLDesc(0))));
            }
            for (String name : connect.listDefinedDomains()) {
                definitions.add(Held.call(
                        connect.domainLookupByName(name), defined -> defined.getXMLDesc(LibvirtCalls.XML_INACTIVE)));
            }
        } catch (LibvirtException e) {
            // A domain that started, stopped or vanished between the listing and the read: ask again.
            throw VirtTuneException.failed(
                    "cannot read every domain's definition on " + uri + ": " + LibvirtCalls.message(e) + "; try again",
                    e);
        }
        return definitions;
    }

    @Override
    public Optional<String> liveXml(String name) {
        return read(
                name,
                "the live definition of",
                domain -> domain.isActive() == 1 ? Optional.of(domain.getXMLDesc(0)) : Optional.empty());
    }

    @Override
    public Optional<String> volumePath(String pool, String volume) {
        return LibvirtCalls.volumePath(connect, uri, pool, volume);
    }

    @Override
    public boolean autostart(String name) {
        try {
            return Held.call(connect.domainLookupByName(name), Domain::getAutostart);
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(
                    "cannot read the autostart of '" + name + "' on " + uri + ": " + LibvirtCalls.message(e), e);
        }
    }

    @Override
    public void autostart(String name, boolean on) {
        try {
            Held.run(connect.domainLookupByName(name), domain -> domain.setAutostart(on));
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(
                    "cannot turn the autostart of '" + name + "' " + (on ? "on" : "off") + " on " + uri + ": "
                            + LibvirtCalls.message(e) + "; set it with virsh autostart" + (on ? "" : " --disable") + " "
                            + name,
                    e);
        }
    }

    @Override
    public void define(String xml) {
        try {
            connect.domainDefineXML(xml);
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(
                    "libvirt on " + uri + " refused the definition: " + LibvirtCalls.message(e), e);
        }
    }

    @Override
    public void close() {
        try {
            connect.close();
        } catch (LibvirtException e) {
            // Nothing is left to release on a connection libvirt already dropped.
        }
    }
}

package io.virttune.libvirt;

import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.libvirt.Connect;
import org.libvirt.Domain;
import org.libvirt.Error.ErrorNumber;
import org.libvirt.LibvirtException;

/**
 * {@link LibvirtSession} over libvirt-java: read-only where only definitions are read, read-write
 * where domain capabilities or guest agents are asked (libvirt refuses both on read-only links).
 */
public final class LibvirtJavaConnection implements LibvirtSession {
    private final String uri;
    private final Connect connect;
    private final DomainCapabilitiesReader capabilities;
    private final VolumesByPath volumes;

    private LibvirtJavaConnection(String uri, Connect connect, boolean readOnly) {
        this.uri = uri;
        this.connect = connect;
        this.capabilities = new DomainCapabilitiesReader(uri, readOnly ? null : connect);
        this.volumes = new VolumesByPath(connect, uri);
    }

    /** Opens a read-only connection, or fails with a message that names the URI and the cause. */
    public static LibvirtJavaConnection openReadOnly(String uri) {
        return open(uri, true);
    }

    /** Opens a read-write connection (guest agent commands need one); fails as {@link #openReadOnly} does. */
    public static LibvirtJavaConnection openReadWrite(String uri) {
        return open(uri, false);
    }

    private static LibvirtJavaConnection open(String uri, boolean readOnly) {
        LibvirtCalls.silenceDefaultErrorPrinting();
        ConnectFailure.requireTestFile(uri);
        try {
            return new LibvirtJavaConnection(uri, new Connect(uri, readOnly), readOnly);
        } catch (LibvirtException e) {
            throw VirtTuneException.failed(ConnectFailure.message(uri, LibvirtCalls.message(e)), e);
        } catch (UnsatisfiedLinkError e) {
            throw VirtTuneException.failed(
                    "cannot load the libvirt client library (libvirt.so.0); install the libvirt0 package", e);
        }
    }

    @Override
    public String uri() {
        return uri;
    }

    /** The URI libvirt opened, aliases resolved: where this connection really goes. */
    public String openedUri() {
        return call("read the URI of the connection", connect::getURI);
    }

    @Override
    public String hostname() {
        return call("read the host name", connect::getHostName);
    }

    @Override
    public Optional<String> hostUuid() {
        return HostCapabilities.hostUuid(call("read the host's capabilities", connect::getCapabilities));
    }

    @Override
    public Optional<String> domainCapabilities(EmulatorQuery query) {
        return capabilities.read(query);
    }

    @Override
    public String libvirtVersion() {
        return LibvirtVersions.decode(call("read the libvirt version", connect::getLibVersion));
    }

    @Override
    public String hypervisorVersion() {
        String type = call("read the hypervisor type", connect::getType);
        return LibvirtVersions.hypervisor(type, call("read the hypervisor version", connect::getVersion));
    }

    @Override
    public DomainInventory domains() {
        List<Lookup> lookups = new ArrayList<>();
        for (int id : call("list running domains", connect::listDomains)) {
            lookups.add(new Lookup("domain id " + id, () -> connect.domainLookupByID(id)));
        }
        for (String name : call("list defined domains", connect::listDefinedDomains)) {
            lookups.add(new Lookup(name, () -> connect.domainLookupByName(name)));
        }
        // libvirt connections are thread-safe and keep each thread's last error apart: a host's
        // hundreds of domains are read on every core, each read being five round trips.
        List<ReadDomain> read = lookups.parallelStream().map(this::readDomain).toList();
        return new DomainInventory(
                read.stream().flatMap(one -> one.record().stream()).toList(),
                read.stream().flatMap(one -> one.failure().stream()).toList());
    }

    /** One domain as read: its record, or why it could not be; neither for one undefined since the listing. */
    private record ReadDomain(Optional<DomainRecord> record, Optional<DomainReadFailure> failure) {}

    /** How to find one listed domain, and what to call it until it is found. */
    private record Lookup(String label, LibvirtCall<Domain> call) {}

    private ReadDomain readDomain(Lookup lookup) {
        String name = lookup.label();
        try {
            return Held.call(lookup.call().call(), domain -> {
                DomainState state = LibvirtCalls.state(domain.getInfo().state);
                return new ReadDomain(
                        Optional.of(new DomainRecord(
                                domain.getName(),
                                domain.getUUIDString(),
                                state,
                                domain.getXMLDesc(LibvirtCalls.XML_INACTIVE))),
                        Optional.empty());
            });
        } catch (LibvirtException e) {
            // A domain undefined between listing and lookup is not an error worth reporting.
            return new ReadDomain(
                    Optional.empty(),
                    e.getError().getCode() == ErrorNumber.VIR_ERR_NO_DOMAIN
                            ? Optional.empty()
                            : Optional.of(new DomainReadFailure(name, LibvirtCalls.message(e))));
        }
    }

    /** {@inheritDoc} The pools' volumes are listed once, at the first call ({@link VolumesByPath}). */
    @Override
    public Optional<StorageVolumeFacts> volumeByPath(String path) {
        return volumes.find(path);
    }

    @Override
    public Optional<String> volumePath(String pool, String volume) {
        return LibvirtCalls.volumePath(connect, uri, pool, volume);
    }

    @Override
    public List<String> runningNames() {
        List<String> names = new ArrayList<>();
        for (int id : call("list running domains", connect::listDomains)) {
            try {
                names.add(Held.call(connect.domainLookupByID(id), Domain::getName));
            } catch (LibvirtException e) {
                // One that stopped between the listing and the lookup runs no more: not one to name.
                if (e.getError().getCode() != ErrorNumber.VIR_ERR_NO_DOMAIN) {
                    throw VirtTuneException.failed(
                            "cannot read running domain id " + id + " on " + uri + ": " + LibvirtCalls.message(e), e);
                }
            }
        }
        names.sort(null);
        return names;
    }

    @Override
    public DomainState state(String domain) {
        return LibvirtCalls.state(call(
                "read the state of domain '" + domain + "'", () -> onDomain(domain, found -> found.getInfo().state)));
    }

    @Override
    public String liveXml(String domain) {
        return call(
                "read the live definition of domain '" + domain + "'",
                () -> onDomain(domain, found -> found.getXMLDesc(0)));
    }

    @Override
    public long diskCapacityBytes(String domain, String target) {
        return call(
                "read the size of disk " + target + " of domain '" + domain + "'",
                () -> onDomain(domain, found -> found.blockInfo(target).getCapacity()));
    }

    @Override
    public DiskWrites diskWrites(String domain, String target) {
        return DiskWrites.of(call(
                "read the writes of disk " + target + " of domain '" + domain + "'",
                () -> onDomain(domain, found -> found.blockStats(target))));
    }

    @Override
    public String qemuAgentCommand(String domain, String json, int timeoutSeconds) {
        Domain found = call("look up domain '" + domain + "'", () -> lookup(domain));
        try {
            return Held.call(found, held -> held.qemuAgentCommand(json, timeoutSeconds, 0));
        } catch (LibvirtException e) {
            throw VirtTuneException.failed("guest agent of domain '" + domain + "': " + LibvirtCalls.message(e), e);
        }
    }

    /**
     * libvirt-java's handle of a domain, for the calls the binding lacks (block jobs through JNA);
     * valid while this connection is open.
     */
    public Domain domainHandle(String domain) {
        return call("look up domain '" + domain + "'", () -> lookup(domain));
    }

    /** {@code call} on the domain named {@code domain}, held while it runs ({@link Held}). */
    private <T> T onDomain(String domain, Held.Call<Domain, T> call) throws LibvirtException {
        return Held.call(lookup(domain), call);
    }

    private Domain lookup(String domain) throws LibvirtException {
        try {
            return connect.domainLookupByName(domain);
        } catch (LibvirtException e) {
            if (e.getError() != null && e.getError().getCode() == ErrorNumber.VIR_ERR_NO_DOMAIN) {
                throw VirtTuneException.failed("no domain named '" + domain + "' on " + uri, e);
            }
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            connect.close();
        } catch (LibvirtException e) {
            // Closing a connection that libvirt already dropped has nothing left to release.
        }
    }

    private <T> T call(String what, LibvirtCall<T> call) {
        try {
            return call.call();
        } catch (LibvirtException e) {
            throw VirtTuneException.failed("cannot " + what + " on " + uri + ": " + LibvirtCalls.message(e), e);
        }
    }

    /** A libvirt-java call, which declares the checked LibvirtException. */
    @FunctionalInterface
    private interface LibvirtCall<T> {
        T call() throws LibvirtException;
    }
}

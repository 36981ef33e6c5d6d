package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.libvirt.DomainInventory;
import io.virttune.libvirt.DomainReadFailure;
import io.virttune.libvirt.DomainRecord;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.EmulatorQuery;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.StorageVolumeFacts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A libvirt connection that hands out exactly the domains and volumes a test gives it. */
public final class FakeLibvirt implements LibvirtConnection {
    public static final String URI = "fake:///hv-test";

    private final List<DomainRecord> domains = new ArrayList<>();
    private final List<DomainReadFailure> failures = new ArrayList<>();
    private final Map<String, StorageVolumeFacts> volumes = new HashMap<>();
    private final Map<String, String> poolVolumes = new HashMap<>();
    private final Map<String, String> liveXml = new HashMap<>();
    private final Map<EmulatorQuery, String> capabilities = new HashMap<>();

    public FakeLibvirt domain(String name, DomainState state, String inactiveXml) {
        domains.add(new DomainRecord(name, "uuid-of-" + name, state, inactiveXml));
        return this;
    }

    /** A running domain, whose live definition may differ from its persistent one (a hot-plugged disk). */
    public FakeLibvirt running(String name, String inactiveXml, String liveXml) {
        this.liveXml.put(name, liveXml);
        return domain(name, DomainState.RUNNING, inactiveXml);
    }

    /** Volume {@code volume} of pool {@code pool}, at {@code path}. */
    public FakeLibvirt poolVolume(String pool, String volume, String path) {
        poolVolumes.put(pool + "/" + volume, path);
        return this;
    }

    /**
     * libvirt's domain capabilities XML for {@code query}, or, for a null {@code xml}, libvirt's
     * refusal to give them; an emulator no test names has none (as over a fake connection).
     */
    public FakeLibvirt capabilities(EmulatorQuery query, String xml) {
        capabilities.put(query, xml);
        return this;
    }

    @Override
    public Optional<String> domainCapabilities(EmulatorQuery query) {
        if (capabilities.containsKey(query) && capabilities.get(query) == null) {
            throw VirtTuneException.failed("invalid argument: the accel '" + query.virtType()
                    + "' is not supported by '" + query.emulator() + "' on this host");
        }
        return Optional.ofNullable(capabilities.get(query));
    }

    public FakeLibvirt failure(String name, String reason) {
        failures.add(new DomainReadFailure(name, reason));
        return this;
    }

    /** A file volume in pool "default", described as libvirt's storage driver would. */
    public FakeLibvirt volume(String path, String volumeXml, long capacityBytes, long allocationBytes) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        volumes.put(path, new StorageVolumeFacts(path, "default", name, volumeXml, capacityBytes, allocationBytes));
        return this;
    }

    @Override
    public String uri() {
        return URI;
    }

    @Override
    public String hostname() {
        return "hv-test";
    }

    @Override
    public String libvirtVersion() {
        return "9.0.0";
    }

    @Override
    public String hypervisorVersion() {
        return "QEMU 7.2.0";
    }

    @Override
    public DomainInventory domains() {
        return new DomainInventory(domains, failures);
    }

    @Override
    public Optional<StorageVolumeFacts> volumeByPath(String path) {
        return Optional.ofNullable(volumes.get(path));
    }

    @Override
    public Optional<String> volumePath(String pool, String volume) {
        return Optional.ofNullable(poolVolumes.get(pool + "/" + volume));
    }

    @Override
    public String liveXml(String domain) {
        return liveXml.computeIfAbsent(
                domain,
                name -> domains.stream()
                        .filter(d -> d.name().equals(name))
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("no domain " + name))
                        .inactiveXml());
    }

    @Override
    public void close() {}
}

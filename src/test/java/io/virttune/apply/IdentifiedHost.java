package io.virttune.apply;

import io.virttune.inspect.FakeLibvirt;
import io.virttune.libvirt.DomainInventory;
import io.virttune.libvirt.DomainRecord;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.LiveDomain;
import io.virttune.libvirt.StorageVolumeFacts;
import java.util.List;
import java.util.Optional;

/** The read-only libvirt view of a harness's host with a given identity, for the plan trust check. */
record IdentifiedHost(
        String uri, String hostname, Optional<String> hostUuid, InMemoryDefinitions libvirt, List<String> names)
        implements LibvirtConnection {

    /** The versions every fake host of the tests runs. */
    private static final FakeLibvirt VERSIONS = new FakeLibvirt();

    @Override
    public String libvirtVersion() {
        return VERSIONS.libvirtVersion();
    }

    @Override
    public String hypervisorVersion() {
        return VERSIONS.hypervisorVersion();
    }

    @Override
    public DomainInventory domains() {
        return new DomainInventory(
                names.stream()
                        .map(name -> {
                            LiveDomain live = libvirt.find(name).orElseThrow();
                            return new DomainRecord(live.name(), live.uuid(), live.state(), live.inactiveXml());
                        })
                        .toList(),
                List.of());
    }

    @Override
    public Optional<StorageVolumeFacts> volumeByPath(String path) {
        return Optional.empty();
    }

    @Override
    public Optional<String> volumePath(String pool, String volume) {
        return Optional.empty();
    }

    @Override
    public String liveXml(String domain) {
        throw new AssertionError("the trust check reads persistent definitions only");
    }

    @Override
    public void close() {}
}

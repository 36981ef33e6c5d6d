package io.virttune.apply;

import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LiveDomain;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A libvirt host's domains in memory, as apply and rollback see them through {@link
 * DomainDefinitions}: a define replaces the persistent definition and is remembered; a running
 * domain may have a live definition that differs from it.
 */
final class InMemoryDefinitions implements DomainDefinitions {
    private final Map<String, LiveDomain> domains = new LinkedHashMap<>();
    private final Map<String, String> liveXml = new LinkedHashMap<>();
    private final List<String> defines = new ArrayList<>();
    private final Map<String, Boolean> autostart = new LinkedHashMap<>();
    private final Map<String, String> volumes = new LinkedHashMap<>();
    private Runnable duringDefine = () -> {};
    private Runnable afterDefine = () -> {};

    InMemoryDefinitions add(String xml, DomainState state) {
        DomainXml parsed = DomainXml.parse(xml, "test domain");
        domains.put(
                parsed.name(),
                new LiveDomain(parsed.name(), parsed.uuid().orElseThrow(), state, xml, xml, false, 0, true));
        return this;
    }

    /** A running domain without a persistent definition. */
    InMemoryDefinitions addTransient(String xml) {
        DomainXml parsed = DomainXml.parse(xml, "test domain");
        domains.put(
                parsed.name(),
                new LiveDomain(
                        parsed.name(), parsed.uuid().orElseThrow(), DomainState.RUNNING, xml, xml, false, 0, false));
        liveXml.put(parsed.name(), xml);
        return this;
    }

    InMemoryDefinitions start(String name, String live) {
        LiveDomain domain = domains.get(name);
        domains.put(
                name,
                new LiveDomain(
                        name,
                        domain.uuid(),
                        DomainState.RUNNING,
                        domain.inactiveXml(),
                        domain.secureInactiveXml(),
                        false,
                        0,
                        domain.persistent()));
        liveXml.put(name, live);
        return this;
    }

    InMemoryDefinitions stop(String name) {
        LiveDomain domain = domains.get(name);
        domains.put(
                name,
                new LiveDomain(
                        name,
                        domain.uuid(),
                        DomainState.SHUTOFF,
                        domain.inactiveXml(),
                        domain.secureInactiveXml(),
                        false,
                        0,
                        domain.persistent()));
        liveXml.remove(name);
        return this;
    }

    /** A running domain paused or resumed: its state alone changes. */
    InMemoryDefinitions state(String name, DomainState state) {
        LiveDomain domain = domains.get(name);
        domains.put(
                name,
                new LiveDomain(
                        name,
                        domain.uuid(),
                        state,
                        domain.inactiveXml(),
                        domain.secureInactiveXml(),
                        false,
                        0,
                        domain.persistent()));
        return this;
    }

    String inactiveXml(String name) {
        return domains.get(name).inactiveXml();
    }

    String liveXmlOrNull(String name) {
        return liveXml.get(name);
    }

    @Override
    public Optional<String> liveXml(String name) {
        return Optional.ofNullable(liveXml.get(name));
    }

    /** What libvirt itself changes in a running domain's live and persistent definitions (a pivot does both). */
    InMemoryDefinitions rewrite(String name, String live, String persistent) {
        LiveDomain domain = domains.get(name);
        liveXml.put(name, live);
        domains.put(name, new LiveDomain(name, domain.uuid(), domain.state(), persistent, persistent, false, 0, true));
        return this;
    }

    List<String> defines() {
        return defines;
    }

    /** Runs {@code action} at the next define, just before it: a guest started in the window. */
    InMemoryDefinitions duringNextDefine(Runnable action) {
        duringDefine = () -> {
            duringDefine = () -> {};
            action.run();
        };
        return this;
    }

    /** Runs {@code action} right after the next define: a crash before apply journals it done. */
    InMemoryDefinitions afterNextDefine(Runnable action) {
        afterDefine = () -> {
            afterDefine = () -> {};
            action.run();
        };
        return this;
    }

    @Override
    public boolean autostart(String name) {
        return autostart.getOrDefault(name, false);
    }

    @Override
    public void autostart(String name, boolean on) {
        autostart.put(name, on);
    }

    @Override
    public Optional<LiveDomain> find(String name) {
        return Optional.ofNullable(domains.get(name));
    }

    /** A volume of a libvirt storage pool, for {@code <disk type='volume'>}. */
    InMemoryDefinitions poolVolume(String pool, String volume, String path) {
        volumes.put(pool + "/" + volume, path);
        return this;
    }

    @Override
    public Optional<String> volumePath(String pool, String volume) {
        return Optional.ofNullable(volumes.get(pool + "/" + volume));
    }

    @Override
    public List<String> allDefinitions() {
        List<String> all = new ArrayList<>();
        domains.values().stream().filter(LiveDomain::persistent).forEach(domain -> all.add(domain.inactiveXml()));
        all.addAll(liveXml.values());
        return all;
    }

    @Override
    public void define(String xml) {
        duringDefine.run();
        defines.add(xml);
        String name = DomainXml.parse(xml, "defined").name();
        LiveDomain domain = domains.get(name);
        domains.put(name, new LiveDomain(name, domain.uuid(), domain.state(), xml, xml, false, 0, true));
        afterDefine.run();
    }

    @Override
    public void close() {}
}

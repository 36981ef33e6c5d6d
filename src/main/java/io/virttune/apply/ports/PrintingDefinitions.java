package io.virttune.apply.ports;

import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LiveDomain;
import io.virttune.plan.XmlDiff;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A dry run's libvirt: it reads the real domains, prints each define as the diff it would make
 * and each autostart change, and changes nothing. What it would have defined is what it reads
 * back afterwards, so the checks after a define run on the definition the real run would define.
 */
final class PrintingDefinitions implements DomainDefinitions {
    private final DomainDefinitions real;
    private final PrintWriter log;
    private final Map<String, String> wouldDefine = new LinkedHashMap<>();

    PrintingDefinitions(DomainDefinitions real, PrintWriter log) {
        this.real = real;
        this.log = log;
    }

    @Override
    public Optional<LiveDomain> find(String name) {
        return real.find(name)
                .map(live -> !wouldDefine.containsKey(name)
                        ? live
                        : new LiveDomain(
                                name,
                                live.uuid(),
                                live.state(),
                                wouldDefine.get(name),
                                wouldDefine.get(name),
                                live.managedSave(),
                                live.snapshots(),
                                true));
    }

    @Override
    public Optional<String> liveXml(String name) {
        return real.liveXml(name);
    }

    @Override
    public Optional<String> volumePath(String pool, String volume) {
        return real.volumePath(pool, volume);
    }

    @Override
    public List<String> allDefinitions() {
        List<String> all = new ArrayList<>(real.allDefinitions());
        all.removeIf(xml -> wouldDefine.containsKey(
                DomainXml.parse(xml, "a domain's definition").name()));
        all.addAll(wouldDefine.values());
        return all;
    }

    @Override
    public void define(String xml) {
        String name = DomainXml.parse(xml, "the definition to define").name();
        String current = find(name).map(LiveDomain::inactiveXml).orElse("<domain/>");
        log.println("would define:");
        XmlDiff.unified(
                        name,
                        DomainXml.parse(current, "current").toXml(),
                        DomainXml.parse(xml, "new").toXml())
                .lines()
                .forEach(line -> log.println("  " + line));
        wouldDefine.put(name, xml);
    }

    @Override
    public boolean autostart(String name) {
        return real.autostart(name);
    }

    @Override
    public void autostart(String name, boolean on) {
        if (!on) {
            // Turning it on again is said where it happens, in both runs.
            log.println("would turn autostart off while applying, and on again afterwards");
        }
    }

    @Override
    public void close() {
        real.close();
    }
}

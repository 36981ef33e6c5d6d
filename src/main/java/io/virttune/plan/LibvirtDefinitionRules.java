package io.virttune.plan;

import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import io.virttune.xml.XmlRejectedException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Definitions libvirt itself refuses, found before anything is planned for them: a plan built on
 * one would fail at define after its data was copied. Each violation names its rule id, the
 * domain and the disk.
 */
final class LibvirtDefinitionRules {
    /** How every violation begins, so that a plan can tell them from other reasons to stop. */
    static final String PREFIX = "rule definition.";

    private LibvirtDefinitionRules() {}

    static List<String> violations(String domain, DomainXml xml) {
        try {
            return readableViolations(domain, xml);
        } catch (XmlRejectedException e) {
            return List.of(PREFIX + "unreadable: domain " + domain + ": " + e.getMessage()
                    + "; libvirt refuses this definition. Correct it, then plan again");
        }
    }

    private static List<String> readableViolations(String domain, DomainXml xml) {
        List<String> violations = new ArrayList<>();
        Set<String> targets = new HashSet<>();
        List<Integer> iothreads = xml.iothreads().usableIds();
        for (DiskView disk : xml.disks()) {
            if (!targets.add(disk.targetDev())) {
                violations.add(violation(
                        "duplicate-target",
                        domain,
                        disk,
                        "another disk has target " + disk.targetDev() + " already",
                        "Give each disk its own target"));
            }
            OptionalInt iothread = disk.iothread();
            if (iothread.isPresent() && !disk.queueIothreads().isEmpty()) {
                violations.add(violation(
                        "iothread-and-iothreads",
                        domain,
                        disk,
                        "its driver has both an iothread attribute"
                                + " and an <iothreads> set, which libvirt documents as mutually exclusive (libvirt 11 refuses it at"
                                + " define)",
                        "Keep one: the <iothreads> set spreads the disk's queues over several IOThreads"));
            }
            for (int queueThread : disk.queueIothreads()) {
                if (!iothreads.contains(queueThread)) {
                    violations.add(violation(
                            "unknown-iothread",
                            domain,
                            disk,
                            "its queues name iothread " + queueThread + ", which the domain does not have",
                            "Name one of its IOThreads or raise <iothreads>"));
                }
            }
            if (iothread.isPresent() && !iothreads.contains(iothread.getAsInt())) {
                violations.add(violation(
                        "unknown-iothread",
                        domain,
                        disk,
                        "it names iothread " + iothread.getAsInt()
                                + ", but the domain has "
                                + (iothreads.isEmpty()
                                        ? "no IOThreads"
                                        : "IOThreads "
                                                + iothreads.stream()
                                                        .map(String::valueOf)
                                                        .collect(Collectors.joining(", "))),
                        "Name one of them or raise <iothreads>"));
            }
        }
        return violations;
    }

    static boolean isViolation(String reason) {
        return reason.startsWith(PREFIX);
    }

    private static String violation(String rule, String domain, DiskView disk, String problem, String remedy) {
        return PREFIX + rule + ": domain " + domain + ", disk " + disk.targetDev()
                + disk.sourcePath().map(path -> " (" + path + ")").orElse("") + ": " + problem
                + "; libvirt refuses this definition. " + remedy + ", then plan again";
    }
}

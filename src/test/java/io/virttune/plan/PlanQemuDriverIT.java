package io.virttune.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.inspect.DomainFiles;
import io.virttune.libvirt.Held;
import io.virttune.testing.Corpus;
import io.virttune.xml.SafeXml;
import io.virttune.xml.XmlText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jdom2.Document;
import org.jdom2.Element;
import org.junit.jupiter.api.Test;
import org.libvirt.Connect;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;

/**
 * Every corpus definition that libvirt's real QEMU driver (qemu:///system, started by
 * scripts/libvirtd.sh) accepts is planned, and the QEMU driver must accept the rewrite too: its
 * checks are stricter than the test driver's (wwn on virtio, qcow2-only driver settings on raw).
 * Both are defined under scratch names without their UUIDs and undefined at once.
 */
class PlanQemuDriverIT {
    private static final String URI = "qemu:///system";
    private static final String HOST_EMULATOR = "/usr/bin/qemu-system-x86_64";
    /** VIR_DOMAIN_UNDEFINE_KEEP_NVRAM: a corpus path to a UEFI variable store is never deleted. */
    private static final int KEEP_NVRAM = 1 << 3;
    /** The recipe's defaults, and the other policy's settings: thin LVs, writeback with io=threads. */
    private static final List<MigrationPlanner> PLANNERS = List.of(
            new MigrationPlanner(PlanPolicy.defaults(PlanTarget.linear("vg_test"))),
            new MigrationPlanner(
                    new PlanPolicy(PlanTarget.thin("vg_test", "pool", null), "writeback", 0.1, Set.of(), true, true)));

    private final String prefix = "vt-qemu-it-" + UUID.randomUUID().toString().substring(0, 8) + "-";

    @Test
    void theQemuDriverAcceptsEveryRewriteOfADefinitionItAccepts() {
        Instant start = Instant.now();
        List<String> problems = new ArrayList<>();
        int accepted = 0;
        int rewrites = 0;
        try (Scratch scratch = new Scratch(connect())) {
            for (Path file : Corpus.documents()) {
                for (DomainPlan domain : PLANNERS.stream()
                        .flatMap(planner ->
                                planner.plan(DomainFiles.read(List.of(file)), Instant.EPOCH).domains().stream())
                        .toList()) {
                    if (domain.newXml() == null) {
                        continue;
                    }
                    String name = prefix + (++rewrites);
                    if (scratch.refusal(renamed(domain.originalXml(), name)) != null) {
                        continue;
                    }
                    accepted++;
                    String refusal = scratch.refusal(renamed(domain.newXml(), name));
                    if (refusal != null) {
                        problems.add(file + ": the QEMU driver refuses the rewrite: " + refusal);
                    }
                }
            }
        }
        System.out.printf(
                "%d rewrites (two policies) of definitions the QEMU driver accepts, checked in %d s%n",
                accepted, Duration.between(start, Instant.now()).toSeconds());
        assertTrue(accepted >= 200, "only " + accepted + " corpus definitions were accepted by the QEMU driver");
        assertEquals(List.of(), problems);
    }

    private static Connect connect() {
        try {
            return new Connect(URI, false);
        } catch (LibvirtException e) {
            return fail("libvirtd does not answer on " + URI + "; start it with scripts/libvirtd.sh"
                    + " (scripts/test.sh does): " + e.getError().getMessage());
        }
    }

    /**
     * The definition under a scratch name, without its UUID so that none collides with a real
     * domain's, and with this machine's QEMU where the emulator it names is not installed here
     * (most of the corpus names /usr/bin/qemu-kvm or /usr/libexec/qemu-kvm).
     */
    private static String renamed(String xml, String name) {
        Document document = SafeXml.parse(xml, name);
        Element root = document.getRootElement();
        root.getChild("name").setText(name);
        root.removeChildren("uuid");
        Element devices = root.getChild("devices");
        Element emulator = devices == null ? null : devices.getChild("emulator");
        if (emulator != null && !Files.exists(Path.of(emulator.getTextTrim()))) {
            emulator.setText(HOST_EMULATOR);
        }
        return XmlText.write(document);
    }

    /** Defines a definition and undefines it at once; closes the connection at the end. */
    private record Scratch(Connect connect) implements AutoCloseable {
        /** Why the QEMU driver refuses the definition, or null when it accepts it (and it is undefined again). */
        String refusal(String xml) {
            Domain domain;
            try {
                domain = connect.domainDefineXML(xml);
            } catch (LibvirtException e) {
                return e.getError().getMessage();
            }
            try {
                return Held.call(domain, defined -> {
                    defined.undefine(KEEP_NVRAM);
                    return null;
                });
            } catch (LibvirtException e) {
                throw new IllegalStateException(
                        "a scratch domain stays defined on " + URI + "; undefine it by hand: "
                                + e.getError().getMessage(),
                        e);
            }
        }

        @Override
        public void close() {
            try {
                connect.close();
            } catch (LibvirtException e) {
                throw new IllegalStateException(
                        "closing " + URI + ": " + e.getError().getMessage(), e);
            }
        }
    }
}

package io.virttune.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.inspect.DomainFiles;
import io.virttune.libvirt.Held;
import io.virttune.testing.Corpus;
import io.virttune.xml.SafeXml;
import io.virttune.xml.XmlEquivalence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jdom2.Document;
import org.jdom2.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libvirt.Connect;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;

/**
 * Plans every document of the real-world corpus offline: no crash; only disks, IOThreads (with the
 * pins of new ones) and memory backing change; a second plan of the result is empty; and libvirt accepts every
 * rewritten definition its test driver accepted before.
 */
class PlanCorpusTest {
    /** The only parts of a definition a plan may touch. */
    private static final Set<String> TOUCHABLE = Set.of("iothreads", "iothreadids", "memoryBacking");

    private static final MigrationPlanner PLANNER =
            new MigrationPlanner(PlanPolicy.defaults(PlanTarget.linear("vg_test")));

    @TempDir
    Path temp;

    @Test
    void everyCorpusDomainIsPlannedLeftAloneOrRefusedAndReplanningChangesNothing() throws IOException {
        List<String> problems = new ArrayList<>();
        int planned = 0;
        int unchanged = 0;
        int stopped = 0;
        for (Path file : Corpus.documents()) {
            for (DomainPlan domain : planned(file, problems)) {
                switch (domain.outcome()) {
                    case STOPPED -> stopped++;
                    case UNCHANGED -> unchanged++;
                    default -> {
                        planned++;
                        problems.addAll(check(file, domain));
                    }
                }
            }
        }
        assertTrue(planned >= 250, "only " + planned + " corpus domains planned");
        assertTrue(unchanged + stopped > 0);
        assertEquals(List.of(), problems);
    }

    private List<String> check(Path file, DomainPlan domain) throws IOException {
        List<String> problems = new ArrayList<>();
        Document before = untouched(domain.originalXml(), file);
        Document after = untouched(domain.newXml(), file);
        withoutNewIothreadPins(after, before);
        XmlEquivalence.differences(before, after)
                .forEach(difference -> problems.add(file + ": changed outside disks: " + difference));
        Path rewritten = temp.resolve("rewritten.xml");
        Files.writeString(rewritten, domain.newXml());
        Plan again = PLANNER.plan(DomainFiles.read(List.of(rewritten)), Instant.EPOCH);
        if (!again.isEmpty()) {
            problems.add(file + ": planning the rewritten domain again is not empty:\n"
                    + again.domains().get(0).diff());
        }
        return problems;
    }

    /** The definition without the parts a plan may change. */
    private static Document untouched(String xml, Path file) {
        Document document = SafeXml.parse(xml, file.toString());
        Element root = document.getRootElement();
        TOUCHABLE.forEach(root::removeChildren);
        Element devices = root.getChild("devices");
        if (devices != null) {
            devices.removeChildren("disk");
        }
        return document;
    }

    /**
     * A plan pins the IOThreads it adds as the domain's other threads: {@code after} without those
     * pins, and without the {@code <cputune>} made only to hold them.
     */
    private static void withoutNewIothreadPins(Document after, Document before) {
        Element tune = after.getRootElement().getChild("cputune");
        Element tuneBefore = before.getRootElement().getChild("cputune");
        if (tune == null) {
            return;
        }
        Set<String> pinnedBefore = tuneBefore == null
                ? Set.of()
                : tuneBefore.getChildren("iothreadpin").stream()
                        .map(pin -> pin.getAttributeValue("iothread"))
                        .collect(java.util.stream.Collectors.toSet());
        tune.getChildren("iothreadpin").stream()
                .filter(pin -> !pinnedBefore.contains(pin.getAttributeValue("iothread")))
                .toList()
                .forEach(Element::detach);
        if (tuneBefore == null && tune.getChildren().isEmpty()) {
            tune.detach();
        }
    }

    @Test
    void libvirtAcceptsEveryRewrittenDefinitionItAcceptedBefore() throws LibvirtException {
        Connect connect = new Connect("test:///default", false);
        List<String> problems = new ArrayList<>();
        int defined = 0;
        try {
            for (Path file : Corpus.documents()) {
                for (DomainPlan domain : planned(file, problems)) {
                    if (domain.newXml() == null || !defines(connect, domain.originalXml())) {
                        continue;
                    }
                    try {
                        undefine(connect.domainDefineXML(domain.newXml()));
                        defined++;
                    } catch (LibvirtException e) {
                        problems.add(file + ": libvirt refuses the rewritten definition: "
                                + e.getError().getMessage());
                    }
                }
            }
        } finally {
            connect.close();
        }
        assertTrue(defined >= 200, "only " + defined + " rewritten definitions were defined");
        assertEquals(List.of(), problems);
    }

    /** The file's domain plans; a crash is recorded as a problem, so that one file does not hide the others. */
    private static List<DomainPlan> planned(Path file, List<String> problems) {
        try {
            return PLANNER.plan(DomainFiles.read(List.of(file)), Instant.EPOCH).domains();
        } catch (RuntimeException crash) {
            problems.add(file + ": planning crashed: " + crash);
            return List.of();
        }
    }

    private static boolean defines(Connect connect, String xml) {
        try {
            undefine(connect.domainDefineXML(xml));
            return true;
        } catch (LibvirtException e) {
            return false;
        }
    }

    private static void undefine(Domain domain) throws LibvirtException {
        Held.call(domain, defined -> {
            defined.undefine();
            return null;
        });
    }
}

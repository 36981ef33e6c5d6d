package io.virttune.inspect;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.inspect.rules.RuleBook;
import io.virttune.libvirt.DomainState;
import io.virttune.report.InspectTextOptions;
import io.virttune.report.InspectTextReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A disk whose queues are spread over IOThreads, as libvirt 10 and later hand it out: no finding, its set shown. */
class IothreadQueuesInspectTest {
    @Test
    void inspectShowsTheDisksIothreadSetAndFindsNoneMissing() throws IOException {
        HostFacts facts = TestHost.hv01()
                .domain(
                        "db1",
                        DomainState.SHUTOFF,
                        Files.readString(Path.of("src/test/resources/xml/linux-iothread-queues.xml")))
                .facts();
        InspectResult result = new InspectResult(facts, RuleBook.check(facts));
        StringWriter text = new StringWriter();

        new InspectTextReport(new PrintWriter(text), InspectTextOptions.all(true)).print(result);

        assertFalse(
                result.findingsFor("db1").stream()
                        .anyMatch(finding -> finding.ruleId().equals("disk.iothread")),
                result.findingsFor("db1").toString());
        assertTrue(text.toString().contains(" 1,2,3,4 "), text.toString());
    }
}

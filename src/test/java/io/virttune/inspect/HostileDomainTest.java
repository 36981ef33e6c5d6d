package io.virttune.inspect;

import static io.virttune.inspect.TestHost.domainXml;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.inspect.rules.RuleBook;
import io.virttune.libvirt.DomainState;
import io.virttune.report.InspectJsonReport;
import io.virttune.report.InspectTextOptions;
import io.virttune.report.InspectTextReport;
import io.virttune.report.JsonDocument;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Definitions libvirt would never hand out but a compromised or buggy daemon could: each is
 * refused with its reason, and the domains around it are still inspected and reported.
 */
class HostileDomainTest {
    private static final String BILLION_LAUGHS = "<?xml version='1.0'?><!DOCTYPE domain ["
            + "<!ENTITY a 'lol'><!ENTITY b '&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;'><!ENTITY c '&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;'>]>"
            + "<domain type='kvm'><name>&c;</name><devices/></domain>";
    private static final String XXE = "<?xml version='1.0'?><!DOCTYPE domain [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>"
            + "<domain type='kvm'><name>xxe</name><description>&x;</description><devices/></domain>";
    private static final String MALFORMED = "<domain type='kvm'><name>broken</name><devices><disk></domain>";

    private static InspectResult result;

    @BeforeAll
    static void inspect() {
        HostFacts facts = TestHost.hv01()
                .domain("alpha", domainXml("alpha", 2, ""))
                .domain("laughs", DomainState.SHUTOFF, BILLION_LAUGHS)
                .domain("xxe", DomainState.RUNNING, XXE)
                .domain("broken", DomainState.SHUTOFF, MALFORMED)
                .domain("omega", domainXml("omega", 2, ""))
                .facts();
        result = new InspectResult(facts, RuleBook.check(facts));
    }

    @Test
    void eachHostileDefinitionIsUnreadableWithAReasonNamingTheDomain() {
        Map<String, String> reasons = result.findings().stream()
                .filter(finding -> finding.ruleId().equals("domain.unreadable"))
                .collect(Collectors.toMap(finding -> finding.domain().orElseThrow(), Finding::evidence));
        assertEquals(
                List.of("broken", "laughs", "xxe"),
                reasons.keySet().stream().sorted().toList());
        reasons.forEach(
                (domain, reason) -> assertTrue(reason.contains("domain '" + domain + "'"), domain + ": " + reason));
        assertTrue(reasons.get("laughs").contains("DOCTYPE"), reasons.get("laughs"));
        assertTrue(reasons.get("xxe").contains("DOCTYPE"), reasons.get("xxe"));
        assertTrue(!reasons.get("xxe").contains("root:"), "the entity was never expanded");
    }

    @Test
    void theOtherDomainsAreInspectedAndTheResultIsIncomplete() {
        assertEquals(
                List.of("alpha", "broken", "laughs", "omega", "xxe"),
                result.facts().domains().stream().map(DomainFacts::name).toList());
        assertTrue(result.facts().domains().get(0).xml().isPresent());
        assertTrue(result.facts().domains().get(3).xml().isPresent());
        assertEquals(
                List.of("domain.hugepages"),
                result.findingsFor("omega").stream().map(Finding::ruleId).toList());
        assertTrue(result.incomplete(), "inspect exits 1 on an incomplete result");
    }

    @Test
    void bothReportsShowTheRefusal() {
        StringWriter text = new StringWriter();
        new InspectTextReport(new PrintWriter(text), InspectTextOptions.all(true)).print(result);
        assertTrue(
                text.toString()
                        .contains("\nxxe  running\n  error   domain.unreadable        definition could not be read\n"),
                text.toString());
        assertTrue(text.toString().contains("(incomplete: some parts could not be read)"), text.toString());
        String json = JsonDocument.text(InspectJsonReport.document(result));
        assertTrue(
                json.contains(
                        "\"name\" : \"broken\",\n    \"state\" : \"shut off\",\n    \"problem\" : \"domain 'broken'"),
                json);
    }
}

package io.virttune.inspect.rules;

import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A rule about one readable domain at a time. */
abstract class DomainRule implements Rule {

    @Override
    public final List<Finding> check(HostFacts host) {
        List<Finding> findings = new ArrayList<>();
        for (DomainFacts domain : host.domains()) {
            domain.xml().flatMap(xml -> check(host, domain, xml)).ifPresent(findings::add);
        }
        return findings;
    }

    abstract Optional<Finding> check(HostFacts host, DomainFacts domain, DomainXml xml);
}

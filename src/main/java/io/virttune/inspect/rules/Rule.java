package io.virttune.inspect.rules;

import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import java.util.List;

/** One check of the recipe against a host's facts; pure, so it is tested on recorded facts. */
public interface Rule {
    List<Finding> check(HostFacts host);
}

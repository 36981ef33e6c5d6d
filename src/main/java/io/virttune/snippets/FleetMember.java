package io.virttune.snippets;

import java.util.Map;
import java.util.Optional;

/**
 * One host of a fleet's snippets: its inventory name (also its folder), its inventory variables,
 * and its rendered snippets, or why it has none.
 */
public record FleetMember(
        String name, Map<String, String> variables, Optional<SnippetSet> snippets, Optional<String> failure) {

    public FleetMember {
        variables = Map.copyOf(variables);
    }
}

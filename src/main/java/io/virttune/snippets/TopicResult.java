package io.virttune.snippets;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one topic proposes: its files, notes for the index, the Ansible tasks that install those
 * files (empty when the topic is advice only), and the variables those tasks read (name to YAML
 * value): the host's own numbers.
 */
record TopicResult(
        String title,
        List<Snippet> snippets,
        List<String> notes,
        String ansibleTasks,
        Map<String, String> ansibleVariables) {

    TopicResult {
        snippets = List.copyOf(snippets);
        notes = List.copyOf(notes);
        ansibleVariables = Collections.unmodifiableMap(new LinkedHashMap<>(ansibleVariables));
    }

    /** A topic whose tasks, if any, read no variable of the host's. */
    TopicResult(String title, List<Snippet> snippets, List<String> notes, String ansibleTasks) {
        this(title, snippets, notes, ansibleTasks, Map.of());
    }
}

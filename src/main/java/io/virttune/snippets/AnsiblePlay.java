package io.virttune.snippets;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One host's part of a playbook: each topic's tasks, by topic (empty for a topic with none), and
 * the variables that carry the host's own numbers (name to YAML value), so that the tasks read
 * alike on every host and one play serves a fleet, each host's values in its {@code host_vars}.
 */
public record AnsiblePlay(Map<String, String> tasks, Map<String, String> variables) {

    public AnsiblePlay {
        tasks = Collections.unmodifiableMap(new LinkedHashMap<>(tasks));
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    }

    static AnsiblePlay of(List<TopicResult> topics) {
        Map<String, String> tasks = new LinkedHashMap<>();
        Map<String, String> variables = new LinkedHashMap<>();
        topics.forEach(topic -> {
            tasks.put(topic.title(), topic.ansibleTasks());
            variables.putAll(topic.ansibleVariables());
        });
        return new AnsiblePlay(tasks, variables);
    }

    /**
     * Several hosts' plays as one: every topic's tasks that any host has, in the topics' order, each
     * task skipped where its variables say the host needs none.
     */
    static AnsiblePlay union(List<AnsiblePlay> plays) {
        Map<String, String> tasks = new LinkedHashMap<>();
        plays.forEach(play -> play.tasks()
                .forEach((topic, text) -> tasks.merge(topic, text, (kept, other) -> {
                    if (!kept.isEmpty() && !other.isEmpty() && !kept.equals(other)) {
                        // The tasks read each host's numbers from its variables: they differ only by a bug.
                        throw new IllegalStateException(
                                "the hosts' " + topic + " tasks differ; they cannot be one play");
                    }
                    return kept.isEmpty() ? other : kept;
                })));
        return new AnsiblePlay(tasks, Map.of());
    }

    /** The play, run on {@code hosts}, with {@code variables} as its vars before the host's own. */
    String render(String name, String hosts, Map<String, String> playVariables) {
        Map<String, String> all = new LinkedHashMap<>(playVariables);
        all.putAll(variables);
        return Template.load("ansible/play.yml")
                .render(Map.of(
                        "name",
                        name,
                        "play_hosts",
                        hosts,
                        "vars",
                        yaml(all, "    "),
                        "tasks",
                        Stream.concat(
                                        Stream.of(Template.load("ansible/check.yml")
                                                .render(Map.of())),
                                        tasks.values().stream())
                                .filter(text -> !text.isEmpty())
                                .map(String::stripTrailing)
                                .collect(Collectors.joining("\n\n"))))
                .stripTrailing();
    }

    /** {@code name: value} lines, each after {@code indent}. */
    static String yaml(Map<String, String> variables, String indent) {
        return variables.entrySet().stream()
                .map(variable -> indent + variable.getKey() + ": " + variable.getValue())
                .collect(Collectors.joining("\n"));
    }
}

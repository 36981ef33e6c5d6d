package io.virttune.snippets;

import io.virttune.inspect.HostFacts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Renders a host's snippets: every topic's files, the index README.md and, for the Ansible
 * format, the playbook and inventory. Pure: facts in, file names and texts out.
 */
public final class SnippetBook {
    private static final List<Topic> TOPICS = List.of(
            new HugepagesTopic(),
            new LvmTopic(),
            new SchedulerTopic(),
            new SysctlTopic(),
            new FilesystemTopic(),
            new OverProvisioningTopic(),
            new WarningsTopic());

    private SnippetBook() {}

    /** The folder's files in the order of the index, README.md first. */
    public static Map<String, String> render(HostFacts facts, HostTuning tuning, SnippetOptions options) {
        return renderSet(facts, tuning, options).files();
    }

    /**
     * The folder's files, and for the Ansible format the host's play, which a fleet's playbook runs
     * with the others' (each host's folder still holds its own playbook and inventory, to run alone).
     */
    public static SnippetSet renderSet(HostFacts facts, HostTuning tuning, SnippetOptions options) {
        SnippetInput input = new SnippetInput(facts, tuning, options);
        List<TopicResult> topics =
                TOPICS.stream().map(topic -> topic.render(input)).toList();
        Map<String, String> files = new LinkedHashMap<>();
        files.put(IndexPage.FILE, IndexPage.render(facts, topics, options.format()));
        topics.forEach(topic -> topic.snippets().forEach(snippet -> files.put(snippet.fileName(), snippet.text())));
        if (options.format() != SnippetFormat.ansible) {
            return new SnippetSet(files, Optional.empty());
        }
        AnsiblePlay play = AnsiblePlay.of(topics);
        files.put(
                AnsiblePlaybook.PLAYBOOK,
                AnsiblePlaybook.playbook(facts.identity().hostname(), play));
        files.put(AnsiblePlaybook.INVENTORY, AnsiblePlaybook.inventory(facts.identity()));
        return new SnippetSet(files, Optional.of(play));
    }
}

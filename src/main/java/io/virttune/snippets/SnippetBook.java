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
      new HugepagesTopic(), new LvmTopic(), new SchedulerTopic(), new SysctlTopic(),
      new FilesystemTopic(), new OverProvisioningTopic(), new WarningsTopic());

  private SnippetBook() {}

  /** The folder's files in the order of the index, README.md first. */
  public static Map<String, String> render(HostFacts facts, HostTuning tuning, SnippetOptions options) {
    return render(facts, tuning, options, AnsiblePlaybook.GROUP).files();
  }

  /**
   * A fleet host's folder: as {@link #render(HostFacts, HostTuning, SnippetOptions)}, its playbook
   * run on {@code inventoryName} alone, and its play, which the fleet's playbook runs with the
   * others'.
   */
  public static SnippetSet renderFleetMember(HostFacts facts, HostTuning tuning, SnippetOptions options,
      String inventoryName) {
    return render(facts, tuning, options, inventoryName);
  }

  private static SnippetSet render(HostFacts facts, HostTuning tuning, SnippetOptions options, String playHosts) {
    SnippetInput input = new SnippetInput(facts, tuning, options);
    List<TopicResult> topics = TOPICS.stream().map(topic -> topic.render(input)).toList();
    Map<String, String> files = new LinkedHashMap<>();
    files.put(IndexPage.FILE, IndexPage.render(facts, topics, options.format()));
    topics.forEach(topic -> topic.snippets().forEach(snippet -> files.put(snippet.fileName(), snippet.text())));
    if (options.format() != SnippetFormat.ansible) {
      return new SnippetSet(files, Optional.empty());
    }
    AnsiblePlay play = AnsiblePlay.of(topics);
    files.put(AnsiblePlaybook.PLAYBOOK, AnsiblePlaybook.playbook(facts.identity().hostname(), playHosts, play));
    files.put(AnsiblePlaybook.INVENTORY, AnsiblePlaybook.inventory(facts.identity()));
    return new SnippetSet(files, Optional.of(play));
  }
}

package io.virttune.snippets;

import java.util.List;

/**
 * What one topic proposes: its files, notes for the index, and the Ansible tasks that install
 * those files (empty when the topic is advice only).
 */
record TopicResult(String title, List<Snippet> snippets, List<String> notes, String ansibleTasks) {

  TopicResult {
    snippets = List.copyOf(snippets);
    notes = List.copyOf(notes);
  }
}

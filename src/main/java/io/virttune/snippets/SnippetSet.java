package io.virttune.snippets;

import java.util.Map;
import java.util.Optional;

/** A host's rendered snippets: its folder's files, README.md first, and for the Ansible format its play. */
public record SnippetSet(Map<String, String> files, Optional<AnsiblePlay> play) {}

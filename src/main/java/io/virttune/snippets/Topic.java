package io.virttune.snippets;

/** One subject of host configuration (hugepages, LVM, ...), rendered from a host's facts. */
interface Topic {
    TopicResult render(SnippetInput input);
}

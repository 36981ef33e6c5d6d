package io.virttune.snippets;

import io.virttune.inspect.HostFacts;

/** Everything a topic renders from: the host's facts, its tuning files, the operator's options. */
record SnippetInput(HostFacts facts, HostTuning tuning, SnippetOptions options) {}

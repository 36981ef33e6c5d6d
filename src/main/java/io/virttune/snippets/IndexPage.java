package io.virttune.snippets;

import io.virttune.inspect.HostFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The folder's README.md: where the facts came from, then each topic's notes and files. */
final class IndexPage {
    static final String FILE = "README.md";

    private IndexPage() {}

    static String render(HostFacts facts, List<TopicResult> topics, SnippetFormat format) {
        return Template.load("files/" + FILE)
                .render(Map.of(
                        "host", facts.identity().hostname(),
                        "uri", facts.identity().uri(),
                        "libvirt", facts.identity().libvirtVersion(),
                        "domains", String.valueOf(facts.domains().size()),
                        "playbook",
                                format == SnippetFormat.ansible
                                        ? Template.load("ansible/README-playbook.md")
                                                .render(Map.of())
                                        : "",
                        "problems",
                                facts.problems().isEmpty()
                                        ? ""
                                        : "\n## Facts that could not be read\n\n" + Lines.bullets(facts.problems(), "")
                                                + "\n",
                        "sections", topics.stream().map(IndexPage::section).collect(Collectors.joining("\n\n"))));
    }

    private static String section(TopicResult topic) {
        List<String> parts = new ArrayList<>();
        parts.add("## " + topic.title());
        if (!topic.notes().isEmpty()) {
            parts.add(Lines.bullets(topic.notes(), ""));
        }
        if (!topic.snippets().isEmpty()) {
            MarkdownTable files = new MarkdownTable("file", "what");
            topic.snippets()
                    .forEach(snippet ->
                            files.row("[" + snippet.fileName() + "](" + snippet.fileName() + ")", snippet.summary()));
            parts.add(files.render());
        }
        return String.join("\n\n", parts);
    }
}

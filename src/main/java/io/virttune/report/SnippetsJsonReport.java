package io.virttune.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** What snippets wrote, for a script: the folder, each file with its text, and what could not be read. */
public final class SnippetsJsonReport {
    public static final String SCHEMA = "virt-tune/snippets";
    public static final int VERSION = 1;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SnippetsJsonReport() {}

    /** {@code files}: each file's path in {@code out} and its text, as written; {@code problems}: what was not read. */
    public static String render(Path out, Map<String, String> files, List<String> problems) {
        ObjectNode root =
                NODES.objectNode().put("schema", SCHEMA).put("version", VERSION).put("out", out.toString());
        ArrayNode written = root.putArray("files");
        files.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(file -> written.addObject().put("path", file.getKey()).put("text", file.getValue()));
        problems.forEach(root.putArray("problems")::add);
        return JsonDocument.text(root);
    }
}

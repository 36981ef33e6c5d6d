package io.virttune.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.virttune.VirtTuneException;
import io.virttune.text.ShellWords;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an Ansible INI inventory, or a plain list of hosts, one a line: {@code [group]} sections
 * of {@code host key=value ...} lines (words split as a shell would, so values may be quoted),
 * {@code host:port}, host ranges ({@code hv[01:20]}), {@code [group:children]} and
 * {@code [group:vars]}; hosts before any section are {@code ungrouped}.
 */
final class IniInventoryReader {
    /** A trailing :PORT on a host name that is not an IPv6 address (those have several colons). */
    private static final Pattern HOST_PORT = Pattern.compile("([^:\\[\\]]+|[^:]*\\[[^\\]]*\\][^:]*):([0-9]+)");

    private final String source;

    IniInventoryReader(String source) {
        this.source = source;
    }

    FleetInventory read(String text) {
        FleetInventory inventory = new FleetInventory(source);
        String group = FleetInventory.UNGROUPED;
        String kind = "hosts";
        int number = 0;
        for (String raw : text.split("\n", -1)) {
            number++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            String where = source + " line " + number;
            if (line.startsWith("[")) {
                String[] header = header(line, where);
                group = header[0];
                kind = header.length == 2 ? header[1] : "hosts";
                inventory.declare(group);
                continue;
            }
            switch (kind) {
                case "hosts" -> hostLine(inventory, group, words(line, where), where);
                case "children" -> inventory.addChild(group, words(line, where).get(0));
                case "vars" -> {
                    String[] pair = variable(line, group, where);
                    inventory.addVariables(group, Map.of(pair[0], TextNode.valueOf(pair[1])));
                }
                default ->
                    throw VirtTuneException.usage(
                            where + ": unknown section kind ':" + kind + "' (hosts, children or vars)");
            }
        }
        return inventory;
    }

    private static String[] header(String line, String where) {
        int close = line.indexOf(']');
        String rest = close < 0 ? "" : line.substring(close + 1).strip();
        if (close < 2 || !(rest.isEmpty() || rest.startsWith("#") || rest.startsWith(";"))) {
            throw VirtTuneException.usage(where + ": a section is written [name], [name:children] or [name:vars]");
        }
        return line.substring(1, close).split(":", 2);
    }

    private void hostLine(FleetInventory inventory, String group, List<String> words, String where) {
        Map<String, JsonNode> variables = new LinkedHashMap<>();
        for (String word : words.subList(1, words.size())) {
            String[] pair = word.split("=", 2);
            if (pair.length != 2 || pair[0].isEmpty()) {
                throw VirtTuneException.usage(where + ": expected key=value after the host name, found '" + word + "'");
            }
            variables.put(pair[0], TextNode.valueOf(pair[1]));
        }
        String name = words.get(0);
        Matcher port = HOST_PORT.matcher(name);
        if (port.matches()) {
            name = port.group(1);
            variables.putIfAbsent("ansible_port", TextNode.valueOf(port.group(2)));
        }
        for (String host : HostRange.expand(name, where)) {
            inventory.addHost(group, host, variables);
        }
    }

    private static List<String> words(String line, String where) {
        try {
            List<String> words = ShellWords.split(line);
            if (words.isEmpty()) {
                throw VirtTuneException.usage(where + ": a line with only a comment where a name was expected");
            }
            return words;
        } catch (IllegalArgumentException e) {
            throw VirtTuneException.usage(where + ": " + e.getMessage());
        }
    }

    private static String[] variable(String line, String group, String where) {
        String[] pair = line.split("\\s*=\\s*", 2);
        if (pair.length != 2 || pair[0].isEmpty()) {
            throw VirtTuneException.usage(where + ": expected key=value in [" + group + ":vars]");
        }
        return new String[] {pair[0], unquoted(pair[1])};
    }

    /** A [group:vars] value may be quoted as a whole, as Ansible reads it. */
    private static String unquoted(String value) {
        boolean quoted = value.length() >= 2
                && (value.charAt(0) == '"' || value.charAt(0) == '\'')
                && value.charAt(value.length() - 1) == value.charAt(0);
        return quoted ? value.substring(1, value.length() - 1) : value;
    }
}

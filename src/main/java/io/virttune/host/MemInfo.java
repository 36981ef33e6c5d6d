package io.virttune.host;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The counters of {@code /proc/meminfo}, in KiB (or pages, for the HugePages_ counts). */
final class MemInfo {
    static final String FILE = "proc/meminfo";
    private static final Pattern LINE = Pattern.compile("([^:\\s]+):\\s*(\\d+)(?:\\s+kB)?");

    private final Map<String, Long> counters;

    private MemInfo(Map<String, Long> counters) {
        this.counters = counters;
    }

    static MemInfo read(HostFiles files) {
        Map<String, Long> counters = new HashMap<>();
        files.text(FILE)
                .ifPresent(text -> text.lines().filter(line -> !line.isBlank()).forEach(line -> {
                    Matcher counter = LINE.matcher(line.strip());
                    if (!counter.matches()) {
                        throw files.garbled(FILE, "unexpected line '" + line + "'");
                    }
                    counters.put(counter.group(1), files.parseNumber(counter.group(2), FILE));
                }));
        return new MemInfo(counters);
    }

    OptionalLong counter(String name) {
        Long value = counters.get(name);
        return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }
}

package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.inspect.HostFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every sysctl the snippets set exists in this machine's kernel, under /proc/sys. */
class SysctlKeysTest {
    private static final Pattern SETTING = Pattern.compile("^([a-z_]+(?:\\.[a-z_]+)+) = (\\S+)$", Pattern.MULTILINE);
    private static final Pattern PROC_SYS = Pattern.compile("/proc/sys/(\\S+)");
    private final Map<String, String> files = Hv01.render(SnippetFormat.files, false);

    @Test
    void everyKeyOfTheSysctlFileExistsInThisKernel() {
        Matcher setting = SETTING.matcher(files.get(SysctlTopic.FILE));
        List<String> keys = setting.results().map(match -> match.group(1)).toList();
        assertEquals(
                List.of("vm.swappiness", "vm.dirty_background_ratio", "vm.dirty_ratio", "vm.dirty_writeback_centisecs"),
                keys);
        keys.forEach(SysctlKeysTest::assertExists);
    }

    @Test
    void theHugepagesScriptWritesOnlyExistingSysctls() {
        String script = files.get(HugepagesTopic.RUNTIME_FILE);
        HostFacts withoutNuma = new HostFacts(
                Hv01.facts().identity(),
                Optional.empty(),
                Hv01.facts().lvm(),
                Hv01.facts().domains(),
                List.of());
        String singleNode = SnippetBook.render(
                        withoutNuma, Hv01.tuning(), new SnippetOptions(SnippetFormat.files, false, 10, List.of()))
                .get(HugepagesTopic.RUNTIME_FILE);
        assertTrue(singleNode.contains("/proc/sys/vm/nr_hugepages"), singleNode);
        for (String text : List.of(script, singleNode)) {
            PROC_SYS.matcher(text)
                    .results()
                    .forEach(match -> assertExists(match.group(1).replace('/', '.')));
        }
    }

    private static void assertExists(String key) {
        Path file = Path.of("/proc/sys").resolve(key.replace('.', '/'));
        assertTrue(Files.isRegularFile(file), key + ": no " + file + " in this kernel");
    }
}

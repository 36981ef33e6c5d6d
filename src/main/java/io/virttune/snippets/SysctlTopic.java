package io.virttune.snippets;

import io.virttune.text.Bytes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Swappiness and dirty-page writeback for a VM host, as an /etc/sysctl.d file. */
final class SysctlTopic implements Topic {
    static final String FILE = "60-virt-tune-sysctl.conf";
    private static final List<String> KEYS =
            List.of("vm.swappiness", "vm.dirty_background_ratio", "vm.dirty_ratio", "vm.dirty_writeback_centisecs");
    private static final int KERNEL_DIRTY_RATIO = 20;

    @Override
    public TopicResult render(SnippetInput input) {
        Map<String, String> values = new HashMap<>();
        values.put("host", input.facts().identity().hostname());
        values.put(
                "dirty_ratio_ram",
                input.facts()
                        .settings()
                        .flatMap(settings ->
                                settings.memTotalKiB().stream().boxed().findFirst())
                        .map(kib -> Bytes.format(kib * 1024 / 100 * KERNEL_DIRTY_RATIO))
                        .orElse("unknown"));
        for (String key : KEYS) {
            values.put(
                    "now_" + key.substring("vm.".length()),
                    input.tuning().sysctl(key).orElse("not recorded"));
        }
        Snippet snippet = new Snippet(
                FILE,
                "sysctl.d: vm.swappiness, dirty writeback",
                Template.load("files/" + FILE).render(values));
        return new TopicResult(
                "sysctl",
                List.of(snippet),
                List.of(),
                Template.load("ansible/sysctl.yml").render(Map.of()));
    }
}

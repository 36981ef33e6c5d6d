package io.virttune.snippets;

import io.virttune.host.BlockDevice;
import io.virttune.host.HostSettings;
import java.util.List;
import java.util.Map;

/** Advice on noatime and periodic TRIM versus the discard option, with the host's disks. */
final class FilesystemTopic implements Topic {
    static final String FILE = "filesystems.md";

    @Override
    public TopicResult render(SnippetInput input) {
        List<String> devices = input.facts().settings().map(HostSettings::blockDevices).orElse(List.of()).stream()
                .filter(device -> !device.virtual())
                .map(FilesystemTopic::describe)
                .toList();
        String text = Template.load("files/" + FILE)
                .render(Map.of(
                        "host", input.facts().identity().hostname(),
                        "devices", Lines.bullets(devices, "No physical disk was recorded.")));
        return new TopicResult(
                "Filesystems",
                List.of(new Snippet(FILE, "advice: noatime, fstrim.timer vs discard, example fstab lines", text)),
                List.of(),
                "");
    }

    private static String describe(BlockDevice device) {
        String kind = device.isSsd() ? "SSD" : device.rotational().orElse(false) ? "rotational" : "kind unknown";
        String trim = device.supportsDiscard()
                ? "accepts TRIM: fstrim.timer applies"
                : "does not accept TRIM: nothing to trim";
        return "`" + device.name() + "`"
                + device.model().map(model -> " (" + model + ")").orElse("") + ": " + kind + ", " + trim;
    }
}

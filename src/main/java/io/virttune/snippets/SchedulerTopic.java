package io.virttune.snippets;

import io.virttune.host.BlockDevice;
import io.virttune.host.HostSettings;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The I/O scheduler of SSDs through a udev rule (none for NVMe, mq-deadline for SATA/SAS), with
 * the host's disks whose scheduler would change.
 */
final class SchedulerTopic implements Topic {
    static final String FILE = "60-virt-tune-io-scheduler.rules";

    @Override
    public TopicResult render(SnippetInput input) {
        List<BlockDevice> disks = input.facts().settings().map(HostSettings::blockDevices).orElse(List.of()).stream()
                .filter(device -> !device.virtual())
                .toList();
        List<String> changing = disks.stream()
                .filter(disk -> target(disk).isPresent() && !target(disk).equals(active(disk)))
                .map(disk -> disk.name() + ": " + active(disk).orElse("unknown") + " -> "
                        + target(disk).get())
                .toList();
        String rule = Template.load("files/" + FILE)
                .render(Map.of(
                        "host", input.facts().identity().hostname(),
                        "devices",
                                Lines.prefixed(
                                        "#   ",
                                        disks.isEmpty()
                                                ? List.of("(none recorded)")
                                                : disks.stream()
                                                        .map(SchedulerTopic::describe)
                                                        .toList())));
        return new TopicResult(
                "I/O scheduler",
                List.of(new Snippet(FILE, "udev rule: none for NVMe SSDs, mq-deadline for SATA/SAS SSDs", rule)),
                List.of(
                        changing.isEmpty()
                                ? "Every SSD already runs the scheduler the rule sets."
                                : "SSDs whose scheduler the rule changes: " + String.join(", ", changing) + "."),
                Template.load("ansible/scheduler.yml").render(Map.of()));
    }

    /** The scheduler the rule sets on this disk, or empty when the rule leaves it alone. */
    static Optional<String> target(BlockDevice disk) {
        if (!disk.isSsd()) {
            return Optional.empty();
        }
        if (disk.name().startsWith("nvme")) {
            return Optional.of("none");
        }
        return disk.name().startsWith("sd") ? Optional.of("mq-deadline") : Optional.empty();
    }

    private static Optional<String> active(BlockDevice disk) {
        return disk.scheduler().map(scheduler -> scheduler.active());
    }

    private static String describe(BlockDevice disk) {
        String name =
                disk.name() + disk.model().map(model -> " (" + model + ")").orElse("");
        String now = active(disk).orElse("unknown");
        Optional<String> target = target(disk);
        if (target.isEmpty()) {
            return name + ": " + now + ", left alone (" + (disk.isSsd() ? "not matched by the rule" : "rotational")
                    + ")";
        }
        if (target.equals(active(disk))) {
            return name + ": " + now + " already";
        }
        return name + ": " + now + " now, the rule sets " + target.get() + "; old one back: echo " + now
                + " > /sys/block/" + disk.name() + "/queue/scheduler";
    }
}

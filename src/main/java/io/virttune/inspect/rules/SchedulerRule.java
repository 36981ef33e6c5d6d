package io.virttune.inspect.rules;

import io.virttune.host.BlockDevice;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.recipe.Recipe;
import java.util.List;

/**
 * An SSD behind a heavyweight I/O scheduler. On blk-mq kernels the simple choices are none and
 * mq-deadline; the old elevator= boot parameter no longer exists, so a udev rule sets it.
 */
final class SchedulerRule implements Rule {
    @Override
    public List<Finding> check(HostFacts host) {
        return host.settings().stream()
                .flatMap(settings -> settings.blockDevices().stream())
                .filter(BlockDevice::isSsd)
                .filter(device -> device.scheduler().isPresent())
                .filter(device ->
                        !Recipe.isSsdScheduler(device.scheduler().get().active()))
                .map(SchedulerRule::finding)
                .toList();
    }

    private static Finding finding(BlockDevice device) {
        return Finding.host(
                "host.io-scheduler",
                Severity.WARNING,
                "SSD " + device.name() + " uses the " + device.scheduler().get().active() + " scheduler",
                "/sys/block/" + device.name() + "/queue/scheduler: "
                        + device.scheduler().get().active() + " (available: "
                        + String.join(" ", device.scheduler().get().available()) + ")",
                "use none (NVMe) or mq-deadline through a udev rule (virt-tune snippets writes it)");
    }
}

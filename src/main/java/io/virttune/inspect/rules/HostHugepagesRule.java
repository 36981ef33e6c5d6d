package io.virttune.inspect.rules;

import io.virttune.host.KernelCommandLine;
import io.virttune.host.KernelParameter;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import java.util.List;

/** A host with no hugepages reserved: no guest can be backed by them until it is rebooted. */
final class HostHugepagesRule implements Rule {
    @Override
    public List<Finding> check(HostFacts host) {
        return host.settings().stream()
                .filter(settings -> settings.hugepagePools().stream().allMatch(pool -> pool.total() == 0))
                .map(settings -> Finding.host(
                        "host.hugepages",
                        Severity.INFO,
                        "no hugepages reserved on the host",
                        evidence(settings.kernelCommandLine()),
                        "reserve them at boot (default_hugepagesz, hugepagesz, hugepages on the GRUB"
                                + " line; virt-tune snippets computes the count)"))
                .toList();
    }

    private static String text(KernelParameter parameter) {
        return parameter.name() + parameter.value().map(value -> "=" + value).orElse("");
    }

    /** What the kernel command line says of hugepages: its hugepage parameters, or that it has none. */
    private static String evidence(KernelCommandLine line) {
        List<String> hugepages = line.parameters().stream()
                .map(HostHugepagesRule::text)
                .filter(text -> text.contains("hugepage"))
                .toList();
        return hugepages.isEmpty()
                ? "no hugepage parameter on the kernel command line (/proc/cmdline), and every pool" + " is empty"
                : "the kernel command line's " + String.join(" ", hugepages) + " reserve none";
    }
}

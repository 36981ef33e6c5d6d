package io.virttune.report;

import io.virttune.libvirt.EmulatorCapabilities;
import java.util.List;

/** One emulator's domain capabilities in a line of inspect's text: what virt-tune's levers need of it. */
final class EmulatorWords {
    private EmulatorWords() {}

    static String of(EmulatorCapabilities emulator) {
        String name = emulator.query().words();
        if (!emulator.read()) {
            return name + ": capabilities not read: " + emulator.problem();
        }
        return name
                + (emulator.query().machine() == null && emulator.machine() != null
                        ? " machine " + emulator.machine()
                        : "")
                + ": IOThreads " + (emulator.iothreads() ? "yes" : "no") + ", disk buses "
                + list(emulator.diskBuses()) + ", memory backing " + list(emulator.memoryBackings());
    }

    private static String list(List<String> values) {
        return values.isEmpty() ? "none" : String.join("/", values);
    }
}

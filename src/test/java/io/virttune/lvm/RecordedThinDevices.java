package io.virttune.lvm;

import io.virttune.Fixtures;
import io.virttune.process.ScriptedProcessRunner;

/**
 * The device-mapper devices of the lab's recordings (thin/README.md), answered for any thin LV
 * asked: thin id 1 of a pool of 64 KiB chunks, provisioned at 0, 1 MiB and 100 MiB.
 */
public final class RecordedThinDevices {
    private RecordedThinDevices() {}

    /** Answers dmsetup's reads and messages and thin_dump from the recordings, from now on. */
    public static void answer(ScriptedProcessRunner runner) {
        runner.answer(
                ScriptedProcessRunner.command("dmsetup", "table"),
                argv -> fixture(argv.get(2).endsWith("-tpool") ? "table-tpool.stdout" : "table-thin.stdout"));
        runner.answer(
                ScriptedProcessRunner.command("dmsetup", "info"),
                argv -> fixture(
                        argv.get(argv.size() - 1).endsWith("-tpool") ? "info-tpool.stdout" : "info-tmeta.stdout"));
        runner.answer(
                ScriptedProcessRunner.command("dmsetup", "status"),
                argv -> fixture(argv.get(2).endsWith("-tpool") ? "status-tpool-held.stdout" : "status-lv1.stdout"));
        runner.answer(ScriptedProcessRunner.command("dmsetup", "message"), argv -> "");
        runner.answer(ScriptedProcessRunner.command("thin_dump"), argv -> fixture("thin_dump-0.9.xml"));
    }

    private static String fixture(String name) {
        return Fixtures.read(ThinMappings.class, "thin/" + name);
    }
}

package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.Fixtures;
import io.virttune.VirtTuneException;
import io.virttune.process.ScriptedProcessRunner;
import org.junit.jupiter.api.Test;

/** A thin pool's room as LVM reports it, an inactive pool's included, whose usage lvs does not report. */
class ThinPoolRoomTest {
    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();

    /** Pool vg_guests/pool0 as lvs reported it inactive, 256 MiB, in the lab (see README.md). */
    private ThinPoolRoom inactivePool() {
        runner.succeed(Fixtures.read(getClass(), "empty-vgs.json"))
                .succeed(Fixtures.read(getClass(), "stranded/stranded-pool-lvs.json"))
                .succeed(Fixtures.read(getClass(), "empty-pvs.json"));
        return new ThinPoolRoom(new LvmCli(runner), "vg_guests", "pool0");
    }

    @Test
    void anInactivePoolsRefusalSaysItsUsageIsUnknownAndHowToActivateIt() {
        VirtTuneException e =
                assertThrows(VirtTuneException.class, () -> inactivePool().require(16L << 20, "convert web2"));

        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(
                e.getMessage()
                        .startsWith("Refusing to convert web2: it needs 16 MiB in thin pool vg_guests/pool0, which is"
                                + " inactive: lvs reports no usage of it, so its free space is unknown and counts as none;"
                                + " activate it (lvchange -ay vg_guests/pool0)"),
                e.getMessage());
        assertFalse(e.getMessage().contains("% used"), e.getMessage());
        assertFalse(e.getMessage().contains("0 MiB free"), e.getMessage());
    }

    @Test
    void anInactivePoolsStateSaysItsUsageIsUnknown() {
        String state = inactivePool().state();

        assertEquals("thin pool vg_guests/pool0: 256 MiB, inactive: lvs reports no usage of it", state);
    }
}

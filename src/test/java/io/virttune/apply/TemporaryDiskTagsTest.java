package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.recipe.TemporaryDisk;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plan recognises the temporary disk by the very tags apply's lvcreate gives it. */
class TemporaryDiskTagsTest {
    @Test
    void thePlanLooksForTheTagsApplyWrites() {
        assertEquals(
                List.of(TemporaryDisk.TAG, TemporaryDisk.TAG + "-4dea22b3"),
                List.of(VolumeOwnership.tagsFor("4dea22b3")));
    }
}

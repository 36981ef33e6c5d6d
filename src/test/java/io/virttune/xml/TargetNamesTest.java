package io.virttune.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TargetNamesTest {
    @Test
    void firstFreeNameSkipsUsedOnes() {
        assertEquals("vda", TargetNames.nextFree(Set.of(), "vd"));
        assertEquals("vdc", TargetNames.nextFree(Set.of("vda", "vdb", "sda"), "vd"));
        assertEquals("vdb", TargetNames.nextFree(Set.of("vda", "vdc"), "vd"));
    }

    @Test
    void afterZComesAaLikeLibvirt() {
        Set<String> used = new HashSet<>();
        for (char letter = 'a'; letter <= 'z'; letter++) {
            used.add("vd" + letter);
        }
        assertEquals("vdaa", TargetNames.nextFree(used, "vd"));
        assertEquals("az", TargetNames.suffix(51));
        assertEquals("ba", TargetNames.suffix(52));
        assertEquals("zz", TargetNames.suffix(701));
        assertEquals("aaa", TargetNames.suffix(702));
    }
}

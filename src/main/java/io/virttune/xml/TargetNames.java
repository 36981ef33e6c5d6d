package io.virttune.xml;

import java.util.Set;

/** Guest disk names in libvirt's scheme: prefix plus a, b, ... z, aa, ab, ... */
public final class TargetNames {
    private TargetNames() {}

    /** The first name in the sequence for {@code prefix} ("vd" gives vda) not in {@code used}. */
    public static String nextFree(Set<String> used, String prefix) {
        for (int index = 0; ; index++) {
            String name = prefix + suffix(index);
            if (!used.contains(name)) {
                return name;
            }
        }
    }

    /** Bijective base 26, as libvirt numbers disks: 0 is a, 25 is z, 26 is aa. */
    static String suffix(int index) {
        StringBuilder letters = new StringBuilder();
        for (int rest = index + 1; rest > 0; rest = (rest - 1) / 26) {
            letters.append((char) ('a' + (rest - 1) % 26));
        }
        return letters.reverse().toString();
    }
}

package io.virttune.lvm;

/** Reads LVM's ten-character {@code lv_attr}, e.g. {@code twi-aotz--}, as lvs(8) documents it. */
final class LvAttributes {
    private LvAttributes() {}

    /** Whether the LV's device exists: the fifth character is {@code a}. */
    static boolean active(String attributes) {
        return at(attributes, 4) == 'a';
    }

    /** Whether a process has the LV's device open: the sixth character is {@code o}. */
    static boolean open(String attributes) {
        return at(attributes, 5) == 'o';
    }

    private static char at(String attributes, int index) {
        return attributes.length() > index ? attributes.charAt(index) : '-';
    }
}

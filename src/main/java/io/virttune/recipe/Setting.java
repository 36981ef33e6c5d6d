package io.virttune.recipe;

/**
 * One driver setting of a disk: what it is, what the recipe wants, and why, in a sentence an
 * operator reads as the fix.
 */
public record Setting<T>(T current, T wanted, String reason) {
    public boolean changes() {
        return !current.equals(wanted);
    }
}

package io.virttune.qemu;

/** The verdict of {@code qemu-img compare}, with qemu-img's own words (e.g. the first differing offset). */
public record Comparison(boolean identical, String detail) {}

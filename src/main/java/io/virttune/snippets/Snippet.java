package io.virttune.snippets;

/** One file of the output folder: its name, a line for the index, and its text. */
public record Snippet(String fileName, String summary, String text) {}

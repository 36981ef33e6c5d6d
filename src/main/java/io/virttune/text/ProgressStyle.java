package io.virttune.text;

/** How a run shows its copies' progress: for a person at a terminal, in a log, or for a script. */
public enum ProgressStyle {
    /** One bar redrawn in place: a terminal watching one task at a time. */
    BAR,
    /** A line per tenth: a log, or a terminal where several tasks run at once. */
    LINES,
    /** A JSON object per line ({@link ProgressEvent}), at most one a second per task and a last one. */
    EVENTS
}

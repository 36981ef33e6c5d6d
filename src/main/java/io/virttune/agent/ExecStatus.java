package io.virttune.agent;

/** What {@code guest-exec-status} reported: whether the process exited, its exit code, its decoded output. */
public record ExecStatus(boolean exited, int exitCode, String out, String err) {}

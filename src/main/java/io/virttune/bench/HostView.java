package io.virttune.bench;

import java.util.List;

/**
 * The host's side of a run: the backing device's iostat figures over the whole fio run, or why
 * there are none; and, with --host-ceiling, the same profiles run by fio on the host (else null).
 */
public record HostView(IostatFigures device, String unavailable, List<ProfileResult> ceiling, String ceilingTarget) {}

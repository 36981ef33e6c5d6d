/**
 * The live move of a running guest's disk onto its LV: the copy under a bandwidth cap, the pivot
 * in a short pause with the catch-up uncapped, the thin pool's reclaim, and the checks and undo
 * of a move in flight. It writes the domain's journal through {@link
 * io.virttune.apply.journal.RunningJournal} and acts on the host through {@link
 * io.virttune.apply.ports.ApplyPorts} only (docs/live.md).
 */
package io.virttune.apply.live;

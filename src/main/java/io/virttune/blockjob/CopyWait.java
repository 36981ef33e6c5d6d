package io.virttune.blockjob;

/** How a wait for a background copy ended: ready for the pivot, or outpaced by the guest's writes, the job left copying. */
public sealed interface CopyWait {
    /** Source and copy are in sync; {@code progress} is the last read. */
    record Ready(BlockJobProgress progress) implements CopyWait {}

    /** The guest writes too fast for this copy to be ready in good time; {@code why} says what was measured. */
    record Outpaced(String why) implements CopyWait {}
}

package io.virttune.apply;

import io.virttune.apply.ports.CopyPorts;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.VerifyCopy;
import io.virttune.qemu.Comparison;
import io.virttune.text.ByteProgress;
import java.util.Optional;
import java.util.function.Function;

/**
 * Compares a copy an earlier run made with its source: in a thin LV this move created, only what
 * the pool's mapping and the source's map do not prove equal, as the copy's own verify does; else
 * every byte, saying why.
 */
final class EarlierCopyCompare {
    private final CopyPorts copies;
    private final Function<String, CreateVolume> creationOf;
    private final Function<CreateVolume, Optional<String>> notThisMoves;

    /**
     * @param creationOf the plan's creation of the LV a device path names
     * @param notThisMoves why an LV is not provably the one this move created, as the journal says;
     *     empty when it is
     */
    EarlierCopyCompare(
            CopyPorts copies,
            Function<String, CreateVolume> creationOf,
            Function<CreateVolume, Optional<String>> notThisMoves) {
        this.copies = copies;
        this.creationOf = creationOf;
        this.notThisMoves = notThisMoves;
    }

    /**
     * Compares {@code verify}'s copy with its source, reading at most {@code bytesPerSecond} (0: no
     * cap), counting in {@code progress} the bytes it reads.
     */
    Comparison compare(VerifyCopy verify, long bytesPerSecond, ByteProgress progress) {
        CreateVolume create = creationOf.apply(verify.target());
        Optional<String> readInFullBecause = create.thin()
                ? notThisMoves.apply(create)
                : Optional.of("it is a linear LV, whose extents hold whatever they held before");
        // qemu-img compare reads the longer of the two to its end: the LV, unless the image is found larger.
        long read = create.sizeBytes();
        if (readInFullBecause.isEmpty()) {
            long imageBytes = copies.qemuImg()
                    .info(verify.source(), verify.sourceFormat())
                    .top()
                    .virtualSizeBytes();
            if (imageBytes <= create.sizeBytes()) {
                // The pool's mapping proves as much now as right after the copy that made the LV: a
                // thin LV reads zeros wherever its pool never provisioned a chunk, and every write
                // provisions the chunks it touches, whoever wrote (the interrupted copy cut short,
                // a stray writer since; in a pool that does not zero new chunks, the rest of such a
                // chunk holds old data). So every byte that may differ from the source lies in a
                // provisioned chunk or in the source's data, both read.
                return copies.thinComparer()
                        .capped(bytesPerSecond)
                        .compare(
                                verify.source(),
                                verify.sourceFormat(),
                                copies.qemuImg().map(verify.source(), verify.sourceFormat()),
                                create.volume(),
                                create.pool(),
                                imageBytes,
                                create.sizeBytes(),
                                progress);
            }
            read = imageBytes;
            readInFullBecause = Optional.of(
                    "the image, of " + imageBytes + " bytes, is larger than the LV's " + create.sizeBytes());
        }
        Comparison whole = copies.comparer()
                .capped(bytesPerSecond)
                .compare(verify.source(), verify.sourceFormat(), verify.target(), progress.part(0, read, read));
        return new Comparison(whole.identical(), whole.detail(), readInFullBecause);
    }
}

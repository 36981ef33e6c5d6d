package io.virttune.lvm;

import io.virttune.IoErrors;
import io.virttune.files.DurableFiles;
import io.virttune.process.ProcessIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The thin pools' metadata snapshots virt-tune reserved, recorded host-wide in the state directory
 * (one file per pool, written durably) while it holds them: a SIGKILL between the reserve and the
 * release leaves the record, by which the next reserve knows the held snapshot as a dead virt-tune's.
 */
public final class MetadataSnapshotHolds {
    /** One reserve: the virt-tune that made it, and the metadata root the pool's status then said held. */
    public record Hold(ProcessIdentity holder, String root) {
        String text() {
            String started = holder.startTicks().isPresent()
                    ? "started=" + holder.startTicks().getAsLong() + "\n"
                    : "";
            return "pid=" + holder.pid() + "\n" + started + "root=" + root + "\n";
        }
    }

    /** A record written before start times were kept has no started line. */
    private static final Pattern RECORD = Pattern.compile("pid=([0-9]+)\n(?:started=([0-9]+)\n)?root=(\\S+)\n");

    private final Path directory;

    /** Records under {@code directory}; null records nothing (a dry run reserves nothing). */
    private MetadataSnapshotHolds(Path directory) {
        this.directory = directory;
    }

    /** The records of the state directory {@code stateRoot}. */
    public static MetadataSnapshotHolds in(Path stateRoot) {
        return new MetadataSnapshotHolds(stateRoot.resolve("pools").resolve("metadata-snapshots"));
    }

    /** Keeps no record: for a dry run, whose reserve is only printed. */
    public static MetadataSnapshotHolds none() {
        return new MetadataSnapshotHolds(null);
    }

    /** Records that this process holds {@code tpool}'s snapshot, at {@code root}. */
    public void record(String tpool, Hold hold) {
        if (directory == null) {
            return;
        }
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw IoErrors.failed("create", directory, e);
        }
        DurableFiles.write(directory.resolve(tpool), hold.text(), "record the metadata snapshot's hold in");
    }

    /** The hold recorded for {@code tpool}, if one is. */
    public Optional<Hold> of(String tpool) {
        if (directory == null) {
            return Optional.empty();
        }
        String text;
        try {
            text = Files.readString(directory.resolve(tpool), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw IoErrors.failed("read", directory.resolve(tpool), e);
        }
        Matcher fields = RECORD.matcher(text);
        // A record cut short proves nothing: the snapshot is then left to whoever holds it.
        return fields.matches() ? Optional.of(new Hold(holder(fields), fields.group(3))) : Optional.empty();
    }

    private static ProcessIdentity holder(Matcher fields) {
        long pid = Long.parseLong(fields.group(1));
        return fields.group(2) == null
                ? ProcessIdentity.pidOnly(pid)
                : ProcessIdentity.of(pid, Long.parseLong(fields.group(2)));
    }

    /** Removes {@code tpool}'s record once its snapshot is released, unless another reserve wrote it since. */
    void forget(String tpool, Hold hold) {
        if (directory == null || !of(tpool).equals(Optional.of(hold))) {
            return;
        }
        try {
            Files.deleteIfExists(directory.resolve(tpool));
        } catch (IOException e) {
            throw IoErrors.failed("remove", directory.resolve(tpool), e);
        }
    }
}

package io.virttune.apply.journal;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.VirtTuneException;
import io.virttune.host.HostFileSystem;
import java.io.IOException;
import java.util.Optional;

/**
 * A kind of file the state directory keeps as JSON, read: the one place that parses a journal or a
 * calibration, whether apply reads its own or plan a fleet host's, and names its kind in a failure.
 */
final class StateFile<T> {
    static final StateFile<DomainJournal> JOURNAL = new StateFile<>("the journal", DomainJournal.class);
    static final StateFile<PoolJournal> POOL_JOURNAL = new StateFile<>("the pool's journal", PoolJournal.class);
    static final StateFile<Calibration> CALIBRATION = new StateFile<>("the calibration", Calibration.class);

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final String kind;
    private final Class<T> type;

    private StateFile(String kind, Class<T> type) {
        this.kind = kind;
        this.type = type;
    }

    /** The file at {@code path} of {@code files}, none if it is not there. */
    Optional<T> read(HostFileSystem files, String path) {
        Optional<String> json = files.read(path);
        try {
            return json.isEmpty() ? Optional.empty() : Optional.of(MAPPER.readValue(json.get(), type));
        } catch (IOException e) {
            throw VirtTuneException.failed(
                    "cannot read " + kind + " " + files.describe(path) + ": " + e.getMessage(), e);
        }
    }
}

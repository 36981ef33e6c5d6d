package io.virttune.apply;

import io.virttune.apply.ports.HostFiles;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** A test host's image files, as a model of them says: which are there, and what removing one does. */
final class TestFiles {
    private TestFiles() {}

    static HostFiles of(Predicate<String> exists, Consumer<String> delete) {
        return new HostFiles() {
            @Override
            public boolean exists(Path file) {
                return exists.test(file.toString());
            }

            @Override
            public void delete(Path file) {
                delete.accept(file.toString());
            }
        };
    }
}

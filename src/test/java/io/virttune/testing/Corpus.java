package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The corpus of real domain XML: libvirt's own test suite, always, and the workspace's extra
 * corpus when it is there.
 *
 * <p>libvirt's suite comes from the Debian source package of the installed libvirt, which
 * {@code scripts/test.sh} (through {@code ensure_libvirt_corpus} in {@code scripts/lib/common.sh})
 * caches in {@code build/cache/corpus/libvirt}; {@code -Dvirttune.corpus.libvirt=DIR} points
 * elsewhere. An extra corpus ({@code -Dvirttune.corpus.extra=DIR})
 * adds a developer's own cases; no test needs it.
 */
public final class Corpus {
    /** Folders that hold no single well-formed document on purpose (two documents, diffs). */
    private static final List<String> NOT_DOCUMENTS = List.of("virt-install-multidoc", "cli-compare-virt-xml-diffs");

    private Corpus() {}

    /** libvirt's own test domain XML; a test fails, saying how to fetch it, where it is missing. */
    public static Path libvirtSuite() {
        Path root = Path.of(System.getProperty("virttune.corpus.libvirt", "build/cache/corpus/libvirt"));
        if (!Files.isRegularFile(root.resolve("VERSION"))) {
            fail("libvirt's test domain XML is not at " + root.toAbsolutePath() + "; fetch it with"
                    + " `bash -c 'source scripts/lib/common.sh; ensure_libvirt_corpus'` (scripts/test.sh"
                    + " does), or set -Dvirttune.corpus.libvirt=DIR");
        }
        return root;
    }

    /** A developer's extra corpus, when {@code -Dvirttune.corpus.extra=DIR} names one. */
    public static Optional<Path> extra() {
        return Optional.ofNullable(System.getProperty("virttune.corpus.extra"))
                .map(Path::of)
                .filter(Files::isDirectory);
    }

    /** Every .xml file meant to hold one document, from every corpus there is, sorted. */
    public static List<Path> documents() {
        List<Path> documents = new ArrayList<>(documentsUnder(libvirtSuite()));
        extra().ifPresent(root -> documents.addAll(documentsUnder(root)));
        return documents;
    }

    private static List<Path> documentsUnder(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files
                    // libvirt's suite links many outputs to their inputs: each document once.
                    .filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS))
                    .filter(file -> file.getFileName().toString().endsWith(".xml"))
                    .filter(file -> NOT_DOCUMENTS.stream()
                            .noneMatch(dir -> file.toString().contains(dir)))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

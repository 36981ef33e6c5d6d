package io.virttune.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.files.DurableFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Bench results on disk: {@code STATE_DIR/DOMAIN/LABEL.json}, one file per label, replaced atomically. */
public final class BenchStore {
    public static final Path DEFAULT_DIR = Path.of("/var/lib/virt-tune/bench");
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path root;

    public BenchStore(Path root) {
        this.root = root;
    }

    /** Labels name files, so they are kept to letters, digits, '.', '_' and '-'. */
    public static void requireValidLabel(String label) {
        if (!LABEL.matcher(label).matches()) {
            throw VirtTuneException.usage("label '" + label + "' must be 1-64 letters, digits, '.', '_' or '-',"
                    + " starting with a letter or digit");
        }
    }

    public Path write(BenchResult result) {
        requireValidLabel(result.label());
        Path file = file(result.domain(), result.label());
        String json;
        try {
            Files.createDirectories(file.getParent());
            json = JSON.writeValueAsString(result);
        } catch (IOException e) {
            throw IoErrors.failed("store the result in", file, e);
        }
        DurableFiles.write(file, json, "store the result in");
        return file;
    }

    public BenchResult read(String domain, String label) {
        requireValidLabel(label);
        Path file = file(domain, label);
        try {
            return parse(Files.readString(file), file.toString());
        } catch (NoSuchFileException e) {
            throw VirtTuneException.failed(
                    "no bench result '" + label + "' for domain '" + domain + "' in " + root + " (stored labels: "
                            + String.join(", ", labels(domain)) + ")",
                    e);
        } catch (IOException e) {
            throw IoErrors.failed("read", file, e);
        }
    }

    /** A stored result's text, read here or on another host ({@code where} names the file for the message). */
    public static BenchResult parse(String json, String where) {
        try {
            return JSON.readValue(json, BenchResult.class);
        } catch (IOException e) {
            throw VirtTuneException.failed("cannot read the bench result " + where + ": " + e.getMessage(), e);
        }
    }

    /** The labels stored for a domain, sorted; "none" when there are none. */
    List<String> labels(String domain) {
        try (Stream<Path> files = Files.list(domainDir(domain))) {
            List<String> labels = files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - ".json".length()))
                    .sorted()
                    .toList();
            return labels.isEmpty() ? List.of("none") : labels;
        } catch (IOException e) {
            return List.of("none");
        }
    }

    private Path file(String domain, String label) {
        return domainDir(domain).resolve(label + ".json");
    }

    /** Domain names may hold '/' and a leading dot; neither may escape the state directory. */
    private Path domainDir(String domain) {
        String safe = domain.replace('/', '_');
        return root.resolve(safe.startsWith(".") ? "_" + safe : safe);
    }
}

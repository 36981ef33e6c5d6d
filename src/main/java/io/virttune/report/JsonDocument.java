package io.virttune.report;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/** A JSON document as every --json output prints it: indented, ending in a newline. */
public final class JsonDocument {
    // The writer given is the command's output, which the command still uses after the document.
    private static final ObjectWriter WRITER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build()
            .writer();

    private JsonDocument() {}

    /**
     * Writes {@code document} to {@code out} as it is serialised: a host's inspect report runs to
     * megabytes, which are never held as one string.
     */
    public static void write(JsonNode document, Writer out) {
        try {
            WRITER.writeValue(out, document);
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the JSON report", e);
        }
    }

    /** The document as text, for the small ones and for tests. */
    public static String text(JsonNode document) {
        StringWriter text = new StringWriter();
        write(document, text);
        return text.toString();
    }
}

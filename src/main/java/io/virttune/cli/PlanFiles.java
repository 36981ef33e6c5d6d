package io.virttune.cli;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.text.Bytes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a plan file named on the command line; one that cannot be read is a usage error. */
final class PlanFiles {
    /**
     * The largest plan file read: a plan holds each domain's definition three times (before, after,
     * the diff), about 60 KiB a domain, so 256 MiB is thousands of domains.
     */
    static final long MAX_BYTES = 256L << 20;

    private PlanFiles() {}

    static Plan read(Path file) {
        return PlanJson.read(text(file), file.toString());
    }

    /** The plan file's text: apply looks at its schema (one host's plan, or a fleet's) first. */
    static String text(Path file) {
        return text(file, MAX_BYTES);
    }

    /** As {@link #text(Path)}, reading at most {@code max} bytes: a file larger is refused, not read whole. */
    static String text(Path file, long max) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] read = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
            if (read.length > max) {
                throw VirtTuneException.usage(file + " is larger than any plan (" + Bytes.format(max)
                        + " at most): it is" + " not a plan virt-tune wrote");
            }
            return new String(read, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw IoErrors.usage("read the plan", file, e);
        }
    }
}

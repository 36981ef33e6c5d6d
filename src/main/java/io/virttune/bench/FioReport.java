package io.virttune.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;

/** Reads fio's {@code --output-format=json} report into one {@link ProfileResult} per job. */
public final class FioReport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String fioVersion;
    private final List<ProfileResult> profiles;

    FioReport(String fioVersion, List<ProfileResult> profiles) {
        this.fioVersion = fioVersion;
        this.profiles = profiles;
    }

    /** Parses the report; {@code where} names the run for messages ("in guest web1"). */
    public static FioReport parse(String json, String where) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw VirtTuneException.failed("fio " + where + " printed no JSON report: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.path("jobs").isArray()) {
            throw VirtTuneException.failed("fio " + where + " printed a report without jobs");
        }
        List<ProfileResult> profiles = new ArrayList<>();
        for (JsonNode job : root.path("jobs")) {
            String name = job.path("jobname").asText();
            if (job.path("error").asInt() != 0) {
                throw VirtTuneException.failed("fio " + where + ": job " + name + " failed with error "
                        + job.path("error").asInt());
            }
            JsonNode options = job.path("job options");
            String rw = options.path("rw").asText();
            profiles.add(ProfileResult.single(
                    name,
                    rw,
                    options.path("bs").asText(),
                    options.path("iodepth").asInt(1),
                    direction(job.path("read"), rw, "read"),
                    direction(job.path("write"), rw, "write")));
        }
        return new FioReport(root.path("fio version").asText(), profiles);
    }

    /** A direction counts when the job was meant to do it, even if it completed nothing. */
    private static IoMetrics direction(JsonNode node, String rw, String direction) {
        boolean mixed = rw.contains("rw") || rw.equals("trimwrite");
        boolean wanted = mixed || rw.equals(direction) || rw.equals("rand" + direction);
        if (!wanted) {
            return null;
        }
        JsonNode clat = node.path("clat_ns");
        return new IoMetrics(
                node.path("iops").asDouble(),
                node.path("bw_bytes").asDouble(),
                clat.path("mean").asDouble() / 1000,
                clat.path("percentile").path("99.000000").asDouble() / 1000);
    }

    public String fioVersion() {
        return fioVersion;
    }

    public List<ProfileResult> profiles() {
        return profiles;
    }
}

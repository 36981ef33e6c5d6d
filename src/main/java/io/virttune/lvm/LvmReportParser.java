package io.virttune.lvm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Reads the JSON that {@code vgs}, {@code lvs} and {@code pvs} print with {@code --reportformat
 * json --units b --nosuffix}.
 */
public final class LvmReportParser {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public LvmReport parse(String vgsJson, String lvsJson, String pvsJson) {
        return new LvmReport(volumeGroups(vgsJson), logicalVolumes(lvsJson), physicalVolumes(pvsJson));
    }

    public List<VolumeGroup> volumeGroups(String json) {
        return rows(
                json,
                "vg",
                row -> new VolumeGroup(
                        text(row, "vg_name").orElseThrow(() -> missing("vg_name", "vgs")),
                        bytes(row, "vg_extent_size", "vgs"),
                        bytes(row, "vg_size", "vgs"),
                        bytes(row, "vg_free", "vgs"),
                        (int) bytes(row, "pv_count", "vgs"),
                        (int) bytes(row, "lv_count", "vgs")));
    }

    public List<LogicalVolume> logicalVolumes(String json) {
        return rows(json, "lv", LvmReportParser::logicalVolume).stream()
                .filter(lv -> !lv.name().startsWith("["))
                .toList();
    }

    public List<PhysicalVolume> physicalVolumes(String json) {
        return rows(
                json,
                "pv",
                row -> new PhysicalVolume(
                        text(row, "pv_name").orElseThrow(() -> missing("pv_name", "pvs")),
                        text(row, "vg_name"),
                        bytes(row, "pv_size", "pvs"),
                        bytes(row, "pv_free", "pvs")));
    }

    private static LogicalVolume logicalVolume(JsonNode row) {
        String segmentType = text(row, "segtype").orElse("");
        return new LogicalVolume(
                text(row, "vg_name").orElseThrow(() -> missing("vg_name", "lvs")),
                text(row, "lv_name").orElseThrow(() -> missing("lv_name", "lvs")),
                bytes(row, "lv_size", "lvs"),
                segmentType,
                text(row, "lv_attr").orElse(""),
                // "auto" lets the kernel pick; only a number is a setting someone made.
                text(row, "lv_read_ahead")
                        .filter(v -> !v.equals("auto"))
                        .map(v -> OptionalLong.of(Long.parseLong(v)))
                        .orElse(OptionalLong.empty()),
                text(row, "pool_lv"),
                optionalBytes(row, "chunk_size"),
                // lvs repeats the pool's setting on its thin volumes; only the pool owns it.
                "thin-pool".equals(segmentType)
                        ? Optional.of("zero".equals(text(row, "zero").orElse("")))
                        : Optional.empty(),
                percent(row, "data_percent"),
                percent(row, "metadata_percent"),
                optionalBytes(row, "lv_metadata_size"),
                text(row, "lv_tags").map(tags -> List.of(tags.split(","))).orElse(List.of()));
    }

    /** Every row of an {@code lvs} report as LVM printed it, hidden LVs included. */
    static List<JsonNode> lvRows(String json) {
        return rows(json, "lv", row -> row);
    }

    private static <T> List<T> rows(String json, String kind, Function<JsonNode, T> reader) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw VirtTuneException.failed(
                    "LVM printed a " + kind + "s report that is not JSON: " + e.getOriginalMessage(), e);
        }
        List<T> result = new ArrayList<>();
        if (root != null) {
            for (JsonNode report : root.path("report")) {
                for (JsonNode row : report.path(kind)) {
                    result.add(reader.apply(row));
                }
            }
        }
        return result;
    }

    private static Optional<String> text(JsonNode row, String field) {
        return Optional.ofNullable(row.get(field)).map(JsonNode::asText).filter(v -> !v.isEmpty());
    }

    private static long bytes(JsonNode row, String field, String command) {
        return text(row, field).map(v -> number(field, v)).orElseThrow(() -> missing(field, command));
    }

    private static long optionalBytes(JsonNode row, String field) {
        return text(row, field).map(v -> number(field, v)).orElse(0L);
    }

    private static OptionalDouble percent(JsonNode row, String field) {
        return text(row, field)
                .map(v -> OptionalDouble.of(Double.parseDouble(v)))
                .orElse(OptionalDouble.empty());
    }

    private static long number(String field, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw VirtTuneException.failed(
                    "LVM reported " + field + "=\"" + value
                            + "\", not a number of bytes; was the report made with --units b --nosuffix?",
                    e);
        }
    }

    private static VirtTuneException missing(String field, String command) {
        return VirtTuneException.failed("the " + command + " report has no " + field
                + " field; it must be made with the fields virt-tune asks for");
    }
}

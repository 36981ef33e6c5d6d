package io.virttune.lvm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.VirtTuneException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Who an LV is, beyond its name (which anyone can reuse): its {@code lv_uuid}, its tags, and
 * whether a process has its device open ({@code lv_attr}'s sixth character {@code o}).
 */
public record VolumeIdentity(String vgName, String name, String uuid, List<String> tags, String attributes) {
    static final String FIELDS = "vg_name,lv_name,lv_uuid,lv_tags,lv_attr";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public VolumeIdentity {
        tags = List.copyOf(tags);
    }

    public boolean hasTag(String tag) {
        return tags.contains(tag);
    }

    public boolean isOpen() {
        return LvAttributes.open(attributes);
    }

    /** The row for {@code vg/name} in an {@code lvs --reportformat json -o FIELDS} report. */
    static Optional<VolumeIdentity> find(String lvsJson, String vgName, String name) {
        JsonNode root;
        try {
            root = MAPPER.readTree(lvsJson);
        } catch (JsonProcessingException e) {
            throw VirtTuneException.failed("LVM printed an lvs report that is not JSON: " + e.getOriginalMessage(), e);
        }
        for (JsonNode report : root.path("report")) {
            for (JsonNode row : report.path("lv")) {
                if (row.path("vg_name").asText().equals(vgName)
                        && row.path("lv_name").asText().equals(name)) {
                    String tags = row.path("lv_tags").asText();
                    return Optional.of(new VolumeIdentity(
                            vgName,
                            name,
                            row.path("lv_uuid").asText(),
                            tags.isEmpty() ? List.of() : Arrays.asList(tags.split(",")),
                            row.path("lv_attr").asText()));
                }
            }
        }
        return Optional.empty();
    }
}

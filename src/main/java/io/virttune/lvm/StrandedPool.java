package io.virttune.lvm;

import com.fasterxml.jackson.databind.JsonNode;
import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the hidden LVs of a thin pool that are active while the pool is not: what an lvm command
 * killed while it activated or deactivated the pool leaves behind.
 */
final class StrandedPool {
    /** The fields, with {@code lvs -a}, that show a pool's hidden LVs and whose they are. */
    static final String FIELDS = "vg_name,lv_name,lv_attr,pool_lv,lv_parent";

    private StrandedPool() {}

    /**
     * The names (without LVM's brackets) of {@code pool}'s hidden LVs that are active while it is
     * not, from an {@code lvs -a} report with at least {@link #FIELDS}; refuses when one is open.
     */
    static List<String> strandedComponents(String lvsJson, String vgName, String poolName) {
        List<JsonNode> rows = LvmReportParser.lvRows(lvsJson).stream()
                .filter(row -> row.path("vg_name").asText().equals(vgName))
                .toList();
        boolean inUse = rows.stream()
                .anyMatch(row -> active(row)
                        && (row.path("lv_name").asText().equals(poolName)
                                || row.path("pool_lv").asText().equals(poolName)));
        List<String> stranded = new ArrayList<>();
        for (JsonNode row : rows) {
            if (inUse || !row.path("lv_parent").asText().equals(poolName) || !active(row)) {
                continue;
            }
            String name = row.path("lv_name").asText().replaceAll("^\\[|]$", "");
            if (LvAttributes.open(row.path("lv_attr").asText())) {
                VolumeName hidden = new VolumeName(vgName, name);
                throw VirtTuneException.refused("Thin pool " + new VolumeName(vgName, poolName)
                        + " cannot be activated: its hidden LV " + hidden
                        + " is active without it and open (a thin_check, thin_dump"
                        + " or repair may be using it); when that is done, run lvchange -an " + hidden
                        + " and then this command again");
            }
            stranded.add(name);
        }
        return stranded;
    }

    private static boolean active(JsonNode row) {
        return LvAttributes.active(row.path("lv_attr").asText());
    }
}

package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.virttune.lvm.VolumeName;

/**
 * Where moved disks go: linear LVs in a VG (the faster layer per the recipe), or thin LVs in a
 * pool, which the plan may create. {@code newPool} is null when the pool already exists.
 */
public record PlanTarget(String vg, String thinPool, NewThinPool newPool) {

    public static PlanTarget linear(String vg) {
        return new PlanTarget(vg, null, null);
    }

    public static PlanTarget thin(String vg, String pool, NewThinPool newPool) {
        return new PlanTarget(vg, pool, newPool);
    }

    public boolean thin() {
        return thinPool != null;
    }

    /** The thin pool as lvm names it; only for a thin target. */
    @JsonIgnore
    public VolumeName pool() {
        return new VolumeName(vg, thinPool);
    }

    public String describe() {
        return thin() ? "thin LVs in " + pool() : "linear LVs in VG " + vg;
    }

    /** The shape of a thin pool the plan creates: size, chunk size and the zeroing decision. */
    public record NewThinPool(long sizeBytes, long chunkSizeBytes, boolean zeroing) {}
}

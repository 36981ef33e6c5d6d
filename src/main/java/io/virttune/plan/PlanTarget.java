package io.virttune.plan;

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

    public String describe() {
        return thin() ? "thin LVs in " + vg + "/" + thinPool : "linear LVs in VG " + vg;
    }

    /** The shape of a thin pool the plan creates: size, chunk size and the zeroing decision. */
    public record NewThinPool(long sizeBytes, long chunkSizeBytes, boolean zeroing) {}
}

package io.virttune.cli;

import io.virttune.VirtTuneException;
import io.virttune.plan.PlanPolicy;
import io.virttune.plan.PlanTarget;
import io.virttune.recipe.Recipe;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The operator's choices for a plan, as {@code plan}'s options give them, checked and made a {@link PlanPolicy}. */
public final class PlanPolicyOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    /** Where moved disks go: exactly one of the two. */
    static final class Target {
        @Option(names = "--vg", paramLabel = "VG", description = "linear LVs in this VG (the faster layer)")
        String vg;

        @Option(names = "--thin-pool", paramLabel = "VG/POOL", description = "thin LVs in this pool")
        String thinPool;

        /** The VG and, for --thin-pool, the pool's name (else null); usage error when it is not VG/POOL. */
        String[] vgAndPool(CommandSpec spec) {
            if (vg != null) {
                return new String[] {vg, null};
            }
            String[] parts = thinPool.split("/", -1);
            if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
                throw new ParameterException(spec.commandLine(), "--thin-pool takes VG/POOL, got '" + thinPool + "'");
            }
            return parts;
        }
    }

    @Option(
            names = "--create-thin-pool",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "create the --thin-pool first, of this size")
    Long createThinPool;

    @Option(
            names = "--chunk-size",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "chunk size of a created thin pool (default: 64K with zeroing on; 4M, the recipe's, with"
                    + " --thin-zeroing off)")
    Long chunkSize;

    @Option(
            names = "--thin-zeroing",
            paramLabel = "on|off",
            completionCandidates = OnOff.class,
            description = "whether a created thin pool zeroes new chunks (default: on, safe for tenants; off is the"
                    + " recipe's fast profile and needs --accept-thin-zeroing-risk)")
    String thinZeroing;

    @Option(
            names = "--accept-thin-zeroing-risk",
            description = "required with --thin-zeroing off: a guest's partial write into a fresh chunk can show"
                    + " another guest's deleted data")
    boolean acceptThinZeroingRisk;

    @Option(
            names = "--cache",
            paramLabel = "none|writeback",
            completionCandidates = CacheModes.class,
            description = "cache mode (default: none)")
    String cache = "none";

    @Option(
            names = "--accept-writeback-risk",
            description = "required with --cache writeback: writes acknowledged to the guest are lost on power loss")
    boolean acceptWritebackRisk;

    @Option(names = "--reserve", paramLabel = "PERCENT", description = "share of the VG left free (default: 10)")
    double reservePercent = Recipe.OVERPROVISION_RESERVE * 100;

    @Option(
            names = "--virtio-ready",
            paramLabel = "DOMAIN",
            description = "this Windows guest's VirtIO storage driver is bound: switch its buses now")
    List<String> virtioReady = new ArrayList<>();

    @Option(names = "--drop-snapshots", description = "allow internal qcow2 snapshots to be lost")
    boolean dropSnapshots;

    @Option(names = "--no-hugepages", description = "do not add hugepage memory backing")
    boolean noHugepages;

    @Option(
            names = "--live",
            description = "move the disks of running guests while they run: block copy onto the new LV, then a switch"
                    + " onto it; the other changes wait for the next cold boot (docs/live.md)")
    boolean live;

    @Option(
            names = "--bandwidth",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description =
                    "cap each disk's copy, and the verify's reads, at SIZE per second (e.g. 64M; default: no cap);"
                            + " apply's --host-bandwidth caps them all together")
    Long bandwidth;

    @Option(
            names = "--synchronous-writes",
            description =
                    "with --live: each guest write reaches the LV before the guest sees it done, so a copy"
                            + " converges however hard the guest writes, at the cost of its write latency (libvirt 8.0 or later)")
    boolean synchronousWrites;

    @Option(
            names = "--verify-paused",
            description = "with --live: before each switch, pause the guest and compare the source with the LV"
                    + " (qemu-img compare); the guest stays paused for the compare, seconds per GiB of disk")
    boolean verifyPaused;

    /** Thin-pool options that would be silently ignored without a pool to create are refused instead. */
    void requireApplicableOptions() {
        if (!live && (synchronousWrites || verifyPaused)) {
            throw new ParameterException(
                    spec.commandLine(), "--synchronous-writes and --verify-paused apply only with --live");
        }
        if (createThinPool == null) {
            if (thinZeroing != null) {
                throw new ParameterException(
                        spec.commandLine(), "--thin-zeroing applies only to a pool created with --create-thin-pool");
            }
            if (chunkSize != null) {
                throw new ParameterException(
                        spec.commandLine(), "--chunk-size applies only to a pool created with --create-thin-pool");
            }
        }
    }

    PlanPolicy policy() {
        if (cache.equals("writeback") && !acceptWritebackRisk) {
            throw VirtTuneException.refused("--cache writeback loses writes the guest was told are safe on a host"
                    + " crash or power cut; add --accept-writeback-risk if the host has reliable power and backups");
        }
        if (!cache.equals("none") && !cache.equals("writeback")) {
            throw new ParameterException(spec.commandLine(), "--cache must be none or writeback");
        }
        if (thinZeroing != null && !thinZeroing.equals("on") && !thinZeroing.equals("off")) {
            throw new ParameterException(spec.commandLine(), "--thin-zeroing must be on or off");
        }
        if ("off".equals(thinZeroing) && !acceptThinZeroingRisk) {
            throw VirtTuneException.refused("--thin-zeroing off lets a guest's partial write into a fresh chunk show"
                    + " another guest's deleted data (the pool hands out chunks unzeroed); add --accept-thin-zeroing-risk"
                    + " if one tenant owns every guest in the pool, or leave zeroing on");
        }
        if (reservePercent < 0 || reservePercent >= 100) {
            throw new ParameterException(spec.commandLine(), "--reserve must be a percentage from 0 to 99");
        }
        PlanPolicy policy = new PlanPolicy(
                        planTarget(),
                        cache,
                        reservePercent / 100,
                        new HashSet<>(virtioReady),
                        dropSnapshots,
                        !noHugepages)
                .withBandwidth(bandwidth == null ? 0 : bandwidth);
        return live ? policy.withLive(new PlanPolicy.Live(synchronousWrites, verifyPaused)) : policy;
    }

    private PlanTarget planTarget() {
        if (target.vg != null) {
            if (createThinPool != null || chunkSize != null) {
                throw new ParameterException(
                        spec.commandLine(), "--create-thin-pool and --chunk-size need --thin-pool");
            }
            return PlanTarget.linear(target.vg);
        }
        String[] parts = target.vgAndPool(spec);
        boolean zeroing = !"off".equals(thinZeroing);
        PlanTarget.NewThinPool newPool = createThinPool == null
                ? null
                : new PlanTarget.NewThinPool(
                        createThinPool, chunkSize != null ? chunkSize : defaultChunk(zeroing), zeroing);
        return PlanTarget.thin(parts[0], parts[1], newPool);
    }

    /**
     * The recipe's 4 MiB chunks pay off with zeroing off; with zeroing on, every first write to a
     * chunk zero-fills all of it, so the tenant-safe pool keeps LVM's smallest default, 64 KiB.
     */
    private static long defaultChunk(boolean zeroing) {
        return zeroing ? Recipe.THIN_CHUNK_ZEROED_BYTES : Recipe.THIN_CHUNK_BYTES;
    }

    /** The values of --thin-zeroing, for completion. */
    static final class OnOff implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("on", "off").iterator();
        }
    }

    /** The values of --cache, for completion. */
    static final class CacheModes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("none", "writeback").iterator();
        }
    }
}

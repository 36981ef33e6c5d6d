package io.virttune.inspect.rules;

import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.recipe.Recipe;
import io.virttune.text.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Thin pools: chunk size, zeroing, fullness and whether it is known. The source measured 4 MiB chunks with zeroing off
 * as fastest; but with zeroing off, a partially written new chunk can expose what a previous
 * tenant's deleted volume left there, so on a multi-tenant host that is a trade-off to make
 * knowingly, never a silent default.
 */
final class ThinPoolRule implements Rule {
    @Override
    public List<Finding> check(HostFacts host) {
        List<Finding> findings = new ArrayList<>();
        host.lvm().stream()
                .flatMap(lvm -> lvm.logicalVolumes().stream())
                .filter(LogicalVolume::isThinPool)
                .forEach(pool -> check(pool, findings));
        return findings;
    }

    private static void check(LogicalVolume pool, List<Finding> findings) {
        String name = pool.volumeName().toString();
        if (pool.chunkSizeBytes() > 0 && pool.chunkSizeBytes() < Recipe.THIN_CHUNK_BYTES) {
            findings.add(Finding.host(
                    "lvm.thin-chunk",
                    Severity.WARNING,
                    "thin pool " + name + " has " + Bytes.format(pool.chunkSizeBytes()) + " chunks",
                    "chunk_size=" + pool.chunkSizeBytes(),
                    "new pools: lvcreate --chunksize 4M, or allocation/thin_pool_chunk_size = 4096 in"
                            + " lvmlocal.conf (a pool's chunk size is fixed at creation)"));
        }
        pool.zeroing().ifPresent(zeroing -> findings.add(zeroing ? zeroingOn(name) : zeroingOff(name)));
        String usage = percent("data", pool.dataPercent()) + ", " + percent("metadata", pool.metadataPercent());
        if (pool.dataPercent().isEmpty()) {
            // Read as 0% used it would look empty, while plan and apply count it as full.
            findings.add(Finding.host(
                    "lvm.thin-usage-unknown",
                    Severity.WARNING,
                    "thin pool " + name + " " + ThinPoolRoom.inactive(name),
                    usage,
                    "activate it (lvchange -ay " + name + ") before planning into it"));
        }
        double fullest =
                Math.max(pool.dataPercent().orElse(0), pool.metadataPercent().orElse(0));
        if (fullest >= Recipe.THIN_POOL_FULL_PERCENT) {
            findings.add(Finding.host(
                    "lvm.thin-full",
                    Severity.WARNING,
                    "thin pool " + name + " is filling up",
                    usage,
                    "extend it (lvextend) or enable autoextend before guests see I/O errors"));
        }
    }

    private static String percent(String what, OptionalDouble used) {
        return used.isPresent() ? String.format(Locale.ROOT, "%s %.1f%%", what, used.getAsDouble()) : what + " unknown";
    }

    private static Finding zeroingOn(String name) {
        return Finding.host(
                "lvm.thin-zeroing",
                Severity.INFO,
                "thin pool " + name + " zeroes new chunks",
                "zero=1",
                "faster with zeroing off (lvchange -Zn), but only where every volume belongs to one"
                        + " tenant: zeroing is what keeps one tenant's deleted data from another");
    }

    private static Finding zeroingOff(String name) {
        return Finding.host(
                "lvm.thin-zeroing-off",
                Severity.WARNING,
                "thin pool " + name + " does not zero new chunks",
                "zero=0",
                "fast, but a partially written new chunk can show a previous tenant's deleted data; on a"
                        + " multi-tenant host turn zeroing on (lvchange -Zy) or zero volumes before reuse");
    }
}

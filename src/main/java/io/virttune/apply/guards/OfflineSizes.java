package io.virttune.apply.guards;

import io.virttune.VirtTuneException;
import io.virttune.inspect.HostFactsSource;
import io.virttune.inspect.ImageFacts;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.Sizes;
import io.virttune.lvm.VolumeGroup;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.Step;
import io.virttune.text.Bytes;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a plan made offline from XML files could not know, read on the host it is applied on: each
 * image's virtual size and allocation ({@code qemu-img info -f FORMAT}) and the VG's extent, so
 * an LV is the image's virtual size rounded up to the extent. Preflight then checks names, space
 * and images as for any plan.
 */
public final class OfflineSizes {
    private final Lvm lvm;
    private final HostFactsSource images;
    private final PrintWriter out;

    public OfflineSizes(Lvm lvm, HostFactsSource images, PrintWriter out) {
        this.lvm = lvm;
        this.images = images;
        this.out = out;
    }

    /** The domains' plans with their sizes filled in; the same plans when the plan was made on a host. */
    public List<DomainPlan> fill(Plan plan, List<DomainPlan> domains) {
        if (!plan.offline() || domains.stream().allMatch(DomainPlan::isEmpty)) {
            return domains;
        }
        Optional<VolumeGroup> vg = lvm.report().volumeGroup(plan.target().vg());
        if (vg.isEmpty()) {
            return domains; // preflight refuses each domain: the VG does not exist
        }
        out.println("Sizes read at apply (the plan was made offline), in "
                + vg.get().name() + "'s " + Bytes.format(vg.get().extentSizeBytes()) + " extents:");
        return domains.stream()
                .map(domain -> sized(domain, vg.get().extentSizeBytes()))
                .toList();
    }

    private DomainPlan sized(DomainPlan domain, long extent) {
        Map<String, ConvertImage> copies = new HashMap<>();
        for (Step step : domain.steps()) {
            if (step instanceof ConvertImage convert) {
                read(domain, convert, extent).ifPresent(sized -> copies.put(sized.target(), sized));
            }
        }
        List<Step> steps = new ArrayList<>();
        for (Step step : domain.steps()) {
            if (step instanceof CreateVolume create) {
                long size = copies.containsKey(create.devicePath())
                        ? copies.get(create.devicePath()).virtualSizeBytes()
                        : Sizes.roundUp(create.sizeBytes(), extent);
                steps.add(new CreateVolume(create.vg(), create.name(), size, create.thinPool()));
            } else if (step instanceof ConvertImage convert) {
                steps.add(copies.getOrDefault(convert.target(), convert));
            } else {
                steps.add(step);
            }
        }
        return domain.withSteps(steps);
    }

    /** The copy with the LV's size (the virtual size rounded up to the extent) and the allocation. */
    private Optional<ConvertImage> read(DomainPlan domain, ConvertImage convert, long extent) {
        Optional<ImageFacts> image;
        try {
            image = images.image(convert.source(), convert.sourceFormat());
        } catch (VirtTuneException e) {
            out.println("  " + domain.name() + ": " + e.getMessage());
            return Optional.empty();
        }
        return image.map(facts -> {
            long size = Sizes.roundUp(facts.virtualSizeBytes(), extent);
            out.println(
                    "  " + domain.name() + ": " + convert.target() + " " + Bytes.format(size) + " (" + convert.source()
                            + ": " + Bytes.format(facts.virtualSizeBytes()) + " virtual, "
                            + Bytes.format(facts.allocatedBytes())
                            + " allocated)");
            return new ConvertImage(
                    convert.source(),
                    convert.sourceFormat(),
                    convert.target(),
                    convert.targetIsZero(),
                    size,
                    facts.allocatedBytes(),
                    convert.bandwidthBytesPerSecond());
        });
    }
}

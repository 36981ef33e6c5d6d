package io.virttune.inspect;

import io.virttune.libvirt.DomainState;
import io.virttune.recipe.DiskRole;
import io.virttune.recipe.DriverEvidence;
import io.virttune.recipe.VirtioDriver;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.List;
import java.util.Optional;

/**
 * One domain: its state, its parsed definition and its disks' facts; or, when its definition
 * could not be read or was refused, the reason. {@code virtioDriver} is what the guest agent said
 * of a Windows guest's VirtIO storage driver, empty when it was not asked.
 */
public record DomainFacts(
        String name,
        DomainState state,
        Optional<DomainXml> xml,
        List<DiskFacts> disks,
        Optional<String> problem,
        Optional<DriverEvidence> virtioDriver) {

    public DomainFacts {
        disks = List.copyOf(disks);
    }

    /** A domain whose guest agent was not asked about its VirtIO storage driver. */
    public DomainFacts(
            String name, DomainState state, Optional<DomainXml> xml, List<DiskFacts> disks, Optional<String> problem) {
        this(name, state, xml, disks, problem, Optional.empty());
    }

    public static DomainFacts unreadable(String name, DomainState state, String problem) {
        return new DomainFacts(name, state, Optional.empty(), List.of(), Optional.of(problem));
    }

    /** The same domain, with what its guest agent said of the driver. */
    public DomainFacts withVirtioDriver(DriverEvidence evidence) {
        return new DomainFacts(name, state, xml, disks, problem, Optional.of(evidence));
    }

    /**
     * The disks that keep their emulated bus until the VirtIO storage driver is bound: the one
     * decision inspect's rule reports and the plan stages on. Empty when the guest is not Windows,
     * a virtio-blk disk proves the driver bound, the guest agent reports viostor bound, or the
     * operator {@code confirmed} it (--virtio-ready).
     */
    public List<DiskView> waitingForVirtioDriver(boolean confirmed) {
        boolean reported = virtioDriver.filter(DriverEvidence::bound).isPresent();
        List<DiskView> touched = disks.stream()
                .filter(disk -> disk.verdict().role() != DiskRole.LEAVE_ALONE)
                .map(DiskFacts::view)
                .toList();
        return xml.map(definition -> VirtioDriver.waiting(
                        definition,
                        confirmed || reported,
                        disks.stream().map(DiskFacts::view).toList(),
                        touched))
                .orElse(List.of());
    }
}

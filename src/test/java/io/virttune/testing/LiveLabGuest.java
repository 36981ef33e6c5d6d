package io.virttune.testing;

import io.virttune.agent.GuestAgent;
import io.virttune.libvirt.LibvirtJavaConnection;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The lab's test guest running with its agent on a 128 MiB SATA qcow2, its first 16 MiB written,
 * and a VG with 4 MiB extents on the lab disk pv4 to move it into live; all of it removed again
 * after the test, the VG too (pv4 is shared by the live-move lab tests).
 */
public final class LiveLabGuest implements AutoCloseable {
    private final String name;
    private final String vg;
    private Path work;
    private Path image;
    private LabGuest guest;
    private LibvirtJavaConnection libvirt;

    public LiveLabGuest(String name, String vg) {
        this.name = name;
        this.vg = vg;
    }

    /** Makes the VG and the image, starts the guest, waits for its agent, writes blocks 0-15; returns its writer. */
    public GuestWriter start(String workPrefix) {
        return start(workPrefix, "");
    }

    /** As {@link #start(String)}, the disk's driver given {@code driverAttributes} too ({@code io='io_uring'}). */
    public GuestWriter start(String workPrefix, String driverAttributes) {
        Lab.require();
        Lab.volumeGroup(vg, "pv4", "4M");
        work = Lab.imageDirectory(workPrefix);
        image = work.resolve("sda.qcow2");
        Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), "128M");
        guest = LabGuest.defineDriven(name, work, image, driverAttributes, "agent");
        Lab.sh("virsh", "-q", "start", name);
        libvirt = LibvirtJavaConnection.openReadWrite("qemu:///system");
        GuestWriter writer = awaitAgent();
        writer.writeBefore();
        return writer;
    }

    /** Waits until the (re)started guest's agent answers; returns a writer talking to it. */
    public GuestWriter awaitAgent() {
        LabAgent.awaitAnswer(libvirt, name, work.resolve(name + "-console.log"));
        return new GuestWriter(new GuestAgent(libvirt, name, Duration.ofMillis(200)));
    }

    public Path work() {
        return work;
    }

    /** The guest's qcow2, its disk sda. */
    public Path image() {
        return image;
    }

    public LibvirtJavaConnection libvirt() {
        return libvirt;
    }

    /** Whatever {@link #start} got to make, removed: the guest, every LV of the VG, the VG, the work directory. */
    @Override
    public void close() {
        if (libvirt != null) {
            libvirt.close();
        }
        Lab.removeAll(guest, vg, work);
        Lab.removeVolumeGroup(vg, "pv4");
    }
}

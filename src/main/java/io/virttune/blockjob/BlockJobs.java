package io.virttune.blockjob;

import io.virttune.libvirt.DiskWrites;
import java.util.Optional;

/**
 * libvirt's block-job calls for one domain, which libvirt-java 0.5.2 does not bind; each fails
 * with a VirtTuneException carrying libvirt's own message.
 */
public interface BlockJobs {
    /** The domain's name, for messages. */
    String domain();

    /** The libvirt of this domain's connection, as libvirt reports its version ("12.8.0"). */
    String libvirtVersion();

    /** The hypervisor of this domain's connection and its version ("QEMU 11.1.2"). */
    String hypervisorVersion();

    /** virDomainBlockCopy of {@code disk} (a target name such as vda) onto the disk described by {@code destinationXml}. */
    void copy(String disk, String destinationXml, BlockCopySettings settings);

    /** virDomainGetBlockJobInfo: the disk's job's progress, or empty when the disk has no job. */
    Optional<BlockJobProgress> progress(String disk);

    /** virDomainBlockJobSetSpeed: the disk's running job's bandwidth, bytes per second (0: unlimited). */
    void setSpeed(String disk, long bytesPerSecond);

    /** virDomainBlockJobAbort, waiting until the job has ended; with {@code pivot} the guest switches to the copy. */
    void abort(String disk, boolean pivot);

    /** virDomainGetBlockInfo's capacity: the size of {@code disk} as the guest sees it now, in bytes. */
    long capacityBytes(String disk);

    /**
     * What a refusal says where {@link #capacityBytes} of {@code disk} of {@code domain} gives no size (0
     * or less), with the command that shows it: one phrase for every refusal of it.
     */
    static String noCapacity(String domain, String disk) {
        return "libvirt reads no size for disk " + disk + " of '" + domain + "' (virsh domblkinfo " + domain + " "
                + disk + ")";
    }

    /** virDomainBlockStats' write counters of {@code disk}: what its guest wrote since its QEMU started. */
    DiskWrites writes(String disk);

    /** virDomainIsActive: whether the domain runs (paused or not); a copy ends when its guest stops. */
    boolean running();

    /** Why the domain is paused (virDomainGetState's reason), by virt-tune or by anyone else; empty when it is not. */
    Optional<PauseReason> pausedFor();

    /** virDomainSuspend: the guest's CPUs stop and its devices take no new requests until {@link #resume}. */
    void pause();

    /** virDomainResume. */
    void resume();

    /** The live definition (what QEMU runs with, mirror included). */
    String liveXml();

    /** The persistent definition (what the next cold boot starts). */
    String inactiveXml();
}

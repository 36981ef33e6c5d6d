package io.virttune.apply;

import io.virttune.VirtTuneException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The start of a calibration's block copy, which the release of its LV waits for: libvirt shows
 * the mirror (and aborts it) only once virDomainBlockCopy returned, and a signal's release, on the
 * shutdown hook's thread, could otherwise find none while QEMU already writes the LV.
 */
final class CopyStart {
    /** How long a release waits for a start in flight: as long as libvirt lets a call wait for the domain's job. */
    static final Duration PATIENCE = Duration.ofSeconds(30);

    private final ReentrantLock starting = new ReentrantLock();
    private final String domain;
    private final String disk;
    private final String device;
    private final Duration patience;
    /** Set by a release, under the lock: no start follows it, into an LV being removed. */
    private boolean released;

    /** The start of the copy of {@code disk} of {@code domain} into {@code device}; a release waits {@code patience}. */
    CopyStart(String domain, String disk, String device, Duration patience) {
        this.domain = domain;
        this.disk = disk;
        this.device = device;
        this.patience = patience;
    }

    /**
     * Runs {@code start}; a release on another thread meanwhile waits until it returned. Refused,
     * starting nothing, once a release ran (a signal's, before the start was reached).
     */
    void run(Runnable start) {
        starting.lock();
        try {
            if (released) {
                throw VirtTuneException.failed("the mirror of disk " + disk + " of '" + domain + "' into " + device
                        + " was not started: the calibration is stopping, its LV being removed");
            }
            start.run();
        } finally {
            starting.unlock();
        }
    }

    /**
     * Runs {@code release} once no start is in flight; fails, releasing nothing, when one has not
     * returned within the patience (libvirtd hung): what it starts would write the LV.
     */
    void afterStart(Runnable release) {
        boolean returned;
        try {
            returned = starting.tryLock(patience.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw VirtTuneException.failed(
                    "interrupted while waiting for the start of the mirror of disk " + disk + " of '" + domain
                            + "' into " + device,
                    e);
        }
        if (!returned) {
            throw VirtTuneException.failed("the start of the mirror of disk " + disk + " of '" + domain + "' into "
                    + device + " (virDomainBlockCopy) had not returned after " + patience.toSeconds() + " s, and a"
                    + " copy it starts writes the LV: end it with virsh blockjob " + domain + " " + disk
                    + " --abort (never --pivot: the LV is no guest's disk)");
        }
        try {
            released = true;
            release.run();
        } finally {
            starting.unlock();
        }
    }
}

package io.virttune.apply.ports;

import io.virttune.libvirt.DomainDefinitions;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.function.Function;

/**
 * The guests' side of the host, reached through libvirt: their definitions and their block jobs.
 *
 * @param definitions opens a libvirt connection that reads and defines domains (one per job),
 *     printing to the given log what a dry run would define
 * @param blockJobs copies the disks of running guests onto LVs (block copy and pivot)
 */
public record GuestPorts(Function<PrintWriter, DomainDefinitions> definitions, BlockJobsSource blockJobs) {

    /** These ports, their live copies called stalled after {@code window} without getting closer to ready. */
    public GuestPorts convergingWithin(Duration window) {
        return new GuestPorts(definitions, blockJobs.convergingWithin(window));
    }
}

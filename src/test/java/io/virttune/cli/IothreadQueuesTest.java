package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import org.junit.jupiter.api.Test;

/**
 * A virtio-blk disk already in libvirt 10's multi-IOThread form ({@code <driver queues='4'><iothreads>})
 * has its IOThreads: inspect says so, and plan never adds an {@code iothread} attribute beside them,
 * which libvirt documents as mutually exclusive and libvirt 11 refuses at define.
 */
class IothreadQueuesTest {
    private static final String XML = "src/test/resources/xml/linux-iothread-queues.xml";

    @Test
    void planLeavesADiskWithAnIothreadSetAsItIs() {
        Cli plan = Cli.run("plan", "--from-xml", XML, "--vg", "vg0", "--diff");

        assertEquals(0, plan.exitCode(), plan.transcript());
        assertFalse(plan.out().contains("iothread='") || plan.out().contains("iothread=\""), plan.transcript());
        assertFalse(plan.out().contains("+  <iothreads>"), plan.transcript());
    }

    @Test
    void itsDiskNeedsNoIothreadOfItsOwnSoInspectFindsNoneMissing() throws java.io.IOException {
        // Read as libvirt 10 and later keep it: 9.0's parser (and its test driver) drops <driver><iothreads>.
        io.virttune.xml.DiskView disk = io.virttune.xml.DomainXml.parse(
                        java.nio.file.Files.readString(java.nio.file.Path.of(XML)), "db1")
                .disks()
                .get(0);

        assertEquals(java.util.List.of(1, 2, 3, 4), disk.queueIothreads());
        io.virttune.recipe.HostLevers levers = new io.virttune.recipe.HostLevers(
                io.virttune.recipe.CacheMode.NONE,
                true,
                io.virttune.recipe.IoUringRule.of(java.util.Optional.empty(), "unknown", "unknown"));
        assertFalse(
                io.virttune.recipe.DiskRecipe.decide(
                                disk,
                                java.util.Optional.empty(),
                                io.virttune.recipe.DiskStorage.THICK_LV,
                                false,
                                levers)
                        .iothread(),
                "it has its IOThreads: one per queue");
    }

    @Test
    void aDiskWithBothAnIothreadAndAnIothreadSetIsStoppedWithTheRule() throws java.io.IOException {
        java.nio.file.Path both = java.nio.file.Files.createTempFile("vt-both-", ".xml");
        java.nio.file.Files.writeString(
                both,
                java.nio.file.Files.readString(java.nio.file.Path.of(XML))
                        .replace("queues='4'>", "queues='4' iothread='1'>"));
        Cli plan = Cli.run("plan", "--from-xml", both.toString(), "--vg", "vg0");
        java.nio.file.Files.delete(both);

        assertTrue(plan.out().contains("iothread-and-iothreads"), plan.transcript());
    }
}

package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.virttune.apply.guards.DefinitionCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

class DefinitionCheckTest {
    private static final String PLANNED = "<domain type='kvm'><name>a</name><iothreads>1</iothreads>"
            + "<memoryBacking><hugepages/></memoryBacking><devices><disk type='block' device='disk'>"
            + "<driver name='qemu' type='raw' cache='none' io='native' iothread='1'/><source dev='/dev/vg/a'/>"
            + "<target dev='vda' bus='virtio'/></disk></devices></domain>";

    @Test
    void whatLibvirtAddsIsFineWhatItDropsIsReported() {
        String withDefaults = PLANNED.replace(
                "<target dev='vda' bus='virtio'/>",
                "<target dev='vda' bus='virtio'/><address type='pci' domain='0x0000' bus='0x00' slot='0x04' function='0x0'/>");
        assertEquals(List.of(), DefinitionCheck.lost(PLANNED, withDefaults));

        String dropped = PLANNED.replace(" io='native'", "").replace("<memoryBacking><hugepages/></memoryBacking>", "");
        assertEquals(
                List.of(
                        "disk vda io: planned Optional[native], libvirt kept Optional.empty",
                        "hugepages memory backing is missing"),
                DefinitionCheck.lost(PLANNED, dropped));
    }
}

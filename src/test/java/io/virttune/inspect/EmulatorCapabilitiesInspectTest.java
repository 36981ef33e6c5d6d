package io.virttune.inspect;

import static io.virttune.inspect.EmulatorSamples.QEMU;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.virttune.report.InspectJsonReport;
import io.virttune.report.InspectTextOptions;
import io.virttune.report.InspectTextReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** inspect shows each emulator the selected domains run on with what libvirt says it offers, or why it could not ask. */
class EmulatorCapabilitiesInspectTest {
    @Test
    void eachEmulatorIsAskedOnceAndShownWithItsLevers() {
        InspectResult result = EmulatorSamples.twoEmulators();
        StringWriter text = new StringWriter();

        new InspectTextReport(new PrintWriter(text), InspectTextOptions.all(true)).print(result);

        assertEquals(2, result.facts().emulators().size());
        assertTrue(
                text.toString()
                        .contains("  emulator " + QEMU + " (qemu, x86_64, pc-i440fx-7.2): IOThreads yes, disk"
                                + " buses ide/fdc/scsi/virtio/usb/sata, memory backing file/anonymous/memfd\n"),
                text.toString());
        assertTrue(
                text.toString()
                        .contains("  emulator " + QEMU + " (kvm, x86_64, pc-q35-7.2): capabilities not read:"
                                + " invalid argument: the accel 'kvm' is not supported by '" + QEMU
                                + "' on this host\n"),
                text.toString());
        JsonNode emulators = InspectJsonReport.document(result).get("host").get("emulators");
        assertEquals("qemu", emulators.get(0).get("virtType").asText());
        assertTrue(emulators.get(0).get("iothreads").asBoolean());
        assertEquals("virtio", emulators.get(0).get("diskBuses").get(3).asText());
        assertTrue(emulators.get(1).get("problem").asText().contains("the accel 'kvm'"), emulators.toString());
    }
}

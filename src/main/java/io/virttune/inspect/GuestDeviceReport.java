package io.virttune.inspect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.VirtTuneException;
import io.virttune.recipe.DriverEvidence;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.StreamSupport;

/**
 * Reads qemu-ga's {@code guest-get-devices} reply for the VirtIO storage driver of a Windows guest.
 */
final class GuestDeviceReport {
    static final String COMMAND = "guest-get-devices";
    private static final int VIRTIO_VENDOR = 0x1af4;
    /** virtio-blk: transitional (0x1001) and modern (0x1042); virtio-scsi (0x1004, 0x1048) is vioscsi's. */
    private static final Set<Integer> VIRTIO_BLK = Set.of(0x1001, 0x1042);

    private static final Set<String> VIOSTOR_NAMES = Set.of("viostor", "red hat virtio scsi controller");
    private static final String SOURCE = "guest agent";
    private static final ObjectMapper JSON = new ObjectMapper();

    private GuestDeviceReport() {}

    /**
     * The evidence in a reply: bound when a virtio-blk device is viostor's, with a driver version. A
     * reply holding an error fails as libvirt's error for it would.
     */
    static DriverEvidence evidence(String reply) {
        JsonNode tree;
        try {
            tree = JSON.readTree(reply);
        } catch (JsonProcessingException e) {
            return DriverEvidence.none("the guest agent answered " + COMMAND + " with something that is not JSON");
        }
        if (tree.has("error")) {
            // libvirt turns an agent's error into its own; a reply that still holds one is read as libvirt's.
            throw VirtTuneException.failed(tree.path("error").path("desc").asText("an error"));
        }
        List<JsonNode> disks = StreamSupport.stream(tree.path("return").spliterator(), false)
                .filter(GuestDeviceReport::virtioBlk)
                .toList();
        if (disks.isEmpty()) {
            return DriverEvidence.none("the guest agent lists no virtio-blk device (PCI 1af4:1001 or 1af4:1042) with a"
                    + " driver: Windows has not bound one to the temporary virtio disk (boot the guest with it, with the"
                    + " virtio-win drivers installed)");
        }
        Optional<JsonNode> viostor =
                disks.stream().filter(GuestDeviceReport::viostor).findFirst();
        if (viostor.isPresent()) {
            JsonNode device = viostor.get();
            return DriverEvidence.bound(
                    device.path("driver-version").asText(),
                    SOURCE + ": " + device.path("driver-name").asText() + ", PCI " + pciId(device));
        }
        JsonNode other = disks.get(0);
        String driver = other.path("driver-name").asText("");
        return DriverEvidence.none("the guest agent lists the virtio-blk device PCI " + pciId(other)
                + (other.hasNonNull("driver-version")
                        ? " with the driver '" + driver + "', not viostor"
                        : " ('" + driver + "') with no driver bound"));
    }

    /** Whether libvirt's {@code message} says the agent lacks {@code command}: older, or run with it blocked. */
    static boolean lacks(String message, String command) {
        // qemu-ga's dispatcher: "The command X has not been found", or "Command X has been disabled".
        return message.contains(command)
                && (message.contains("has not been found") || message.contains("has been disabled"));
    }

    private static boolean virtioBlk(JsonNode device) {
        JsonNode id = device.path("id");
        return "pci".equals(id.path("type").asText())
                && id.path("vendor-id").asInt() == VIRTIO_VENDOR
                && VIRTIO_BLK.contains(id.path("device-id").asInt());
    }

    private static boolean viostor(JsonNode device) {
        return device.hasNonNull("driver-version")
                && VIOSTOR_NAMES.contains(device.path("driver-name").asText("").toLowerCase(Locale.ROOT));
    }

    private static String pciId(JsonNode device) {
        JsonNode id = device.path("id");
        return String.format(
                "%04x:%04x", id.path("vendor-id").asInt(), id.path("device-id").asInt());
    }
}

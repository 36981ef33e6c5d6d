package io.virttune.inspect;

import io.virttune.BundledTemplates;
import io.virttune.agent.ExecStatus;
import io.virttune.recipe.DriverEvidence;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The driver query for Windows agents without {@code guest-get-devices}: the bundled
 * templates/windows/viostor-query.ps1, run through {@code guest-exec}, and what its output proves.
 * Windows lists a device it has no driver for too (with error code 28), so a missing line means
 * the guest does not see the disk at all.
 */
final class ViostorQuery {
    static final String PROGRAM = "powershell.exe";
    private static final String HEADER = "virt-tune-viostor-query 1";
    private static final Pattern PCI_ID = Pattern.compile("VEN_([0-9A-Fa-f]{4})&DEV_([0-9A-Fa-f]{4})");
    private static final String SOURCE = "guest agent, " + PROGRAM + " through guest-exec";

    private ViostorQuery() {}

    /**
     * powershell.exe's arguments: the script as -EncodedCommand (base64 of UTF-16LE), which no
     * quoting on the way (qemu-ga's command line, PowerShell's parser) can alter.
     */
    static List<String> arguments() {
        String encoded = Base64.getEncoder().encodeToString(script().getBytes(StandardCharsets.UTF_16LE));
        return List.of("-NoProfile", "-NonInteractive", "-EncodedCommand", encoded);
    }

    static String script() {
        return BundledTemplates.text("windows/viostor-query.ps1");
    }

    /** The evidence in the query's status: bound when a virtio-blk device runs on viostor without an error. */
    static DriverEvidence evidence(ExecStatus status) {
        if (status.exitCode() != 0) {
            return DriverEvidence.none(
                    "the driver query (" + PROGRAM + " through guest-exec) exited " + status.exitCode()
                            + firstLine(status.err()).map(line -> ": " + line).orElse(""));
        }
        List<String> lines = status.out()
                .replace("\uFEFF", "")
                .lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .toList();
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            return DriverEvidence.none("the driver query (" + PROGRAM + " through guest-exec) printed "
                    + (lines.isEmpty() ? "nothing" : "'" + lines.get(0) + "'") + ", not its report");
        }
        List<String[]> devices = lines.subList(1, lines.size()).stream()
                .map(line -> line.split("\\|", -1))
                .toList();
        Optional<String[]> malformed =
                devices.stream().filter(fields -> fields.length != 4).findFirst();
        if (malformed.isPresent()) {
            return DriverEvidence.none(
                    "the driver query printed a line it does not print: '" + String.join("|", malformed.get()) + "'");
        }
        if (devices.isEmpty()) {
            return DriverEvidence.none("the driver query finds no virtio-blk device (PCI 1af4:1001 or 1af4:1042): the"
                    + " guest does not see the temporary virtio disk (boot it with that disk)");
        }
        Optional<String[]> viostor =
                devices.stream().filter(ViostorQuery::viostorWorking).findFirst();
        if (viostor.isPresent()) {
            String version = viostor.get()[3].strip();
            return DriverEvidence.bound(
                    version.isEmpty() ? "(version not reported)" : version,
                    SOURCE + ": service viostor, PCI " + pciId(viostor.get()[0]));
        }
        return DriverEvidence.none(notViostor(devices.get(0)));
    }

    private static boolean viostorWorking(String[] device) {
        return device[1].strip().toLowerCase(Locale.ROOT).equals("viostor")
                && device[2].strip().equals("0");
    }

    private static String notViostor(String[] device) {
        String what = "the driver query finds the virtio-blk device PCI " + pciId(device[0]);
        String service = device[1].strip();
        String code = device[2].strip();
        if (service.isEmpty()) {
            return what + " with no driver bound (Windows' device error code " + code + "): install viostor from"
                    + " virtio-win";
        }
        if (!service.equalsIgnoreCase("viostor")) {
            return what + " bound to the service '" + service + "', not viostor";
        }
        return what + " on viostor, but Windows reports the device error code " + code + " (the device does not work)";
    }

    private static String pciId(String deviceId) {
        Matcher matcher = PCI_ID.matcher(deviceId);
        return matcher.find() ? (matcher.group(1) + ":" + matcher.group(2)).toLowerCase(Locale.ROOT) : deviceId;
    }

    private static Optional<String> firstLine(String text) {
        return text.lines().map(String::strip).filter(line -> !line.isEmpty()).findFirst();
    }
}

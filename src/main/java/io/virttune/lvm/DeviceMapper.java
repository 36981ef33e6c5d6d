package io.virttune.lvm;

import io.virttune.VirtTuneException;
import io.virttune.process.ProcessRunner;
import java.util.List;

/** What {@code dmsetup} says of device-mapper devices by name: their numbers, tables and status, and messages to them. */
final class DeviceMapper {
    private final ProcessRunner runner;

    DeviceMapper(ProcessRunner runner) {
        this.runner = runner;
    }

    /** The device's {@code major:minor}, as tables name the devices they stack on. */
    String number(String name) {
        String number = read(List.of(
                        "dmsetup", "info", "-c", "--noheadings", "--separator", ":", "-o", "major,minor", name))
                .strip();
        if (!number.matches("[0-9]+:[0-9]+")) {
            throw VirtTuneException.failed("dmsetup info printed '" + number + "' for " + name + ", not major:minor");
        }
        return number;
    }

    /** The fields of the device's table, which must be one line of target {@code type}. */
    List<String> table(String name, String type) {
        return line(read(List.of("dmsetup", "table", name)), name, "table", type);
    }

    /** The fields of the device's status, which must be one line of target {@code type}. */
    List<String> status(String name, String type) {
        return line(read(List.of("dmsetup", "status", name)), name, "status", type);
    }

    /**
     * The metadata root thin pool {@code tpool} holds for userspace (its metadata snapshot), or
     * {@code -} when it holds none: the field after the data usage in its status.
     */
    String heldMetadataRoot(String tpool) {
        // "0 LEN thin-pool TRANSACTION USED/TOTAL(metadata) USED/TOTAL(data) HELD_ROOT ro|rw ..."
        List<String> status = status(tpool, "thin-pool");
        String root = status.size() > 6 ? status.get(6) : "";
        if (!root.matches("-|[0-9]+")) {
            throw VirtTuneException.failed("dmsetup status " + tpool + " printed '" + String.join(" ", status)
                    + "', with no held metadata root (a block number or -) after its data usage");
        }
        return root;
    }

    /** Sends {@code message} to sector 0 of the device: a change to it, never made by a dry run. */
    void message(String name, String message) {
        runner.act(List.of("dmsetup", "message", name, "0", message)).requireSuccess();
    }

    private String read(List<String> argv) {
        return runner.run(argv).requireSuccess().stdout();
    }

    private static List<String> line(String output, String name, String what, String type) {
        String[] lines = output.strip().split("\n");
        List<String> fields = List.of(lines[0].strip().split("\\s+"));
        if (lines.length != 1 || fields.size() < 3 || !fields.get(2).equals(type)) {
            throw VirtTuneException.failed(
                    "dmsetup " + what + " " + name + " printed '" + output.strip() + "', not one " + type + " line");
        }
        return fields;
    }
}

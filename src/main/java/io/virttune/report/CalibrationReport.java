package io.virttune.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.apply.journal.Calibration;
import io.virttune.text.Bytes;
import io.virttune.text.Durations;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;

/** What {@code virt-tune calibrate} measured: a table of its passes, or schema {@code virt-tune/calibration}. */
public final class CalibrationReport {
    public static final int VERSION = 1;

    private CalibrationReport() {}

    /** The passes and the pace plan predicts by, and where it was kept; nothing when nothing was measured (a dry run). */
    public static void print(PrintWriter out, Optional<Calibration> measured, Path kept) {
        if (measured.isEmpty()) {
            return;
        }
        Calibration calibration = measured.get();
        TextTable passes = new TextTable("PASS", "DATA", "TIME", "PACE")
                .row(
                        "write",
                        Bytes.format(calibration.writtenBytes()),
                        time(calibration.writtenBytes(), calibration.writeBytesPerSecond()),
                        Bytes.format(calibration.writeBytesPerSecond()) + "/s")
                .row(
                        "read",
                        Bytes.format(calibration.readBytes()),
                        time(calibration.readBytes(), calibration.readBytesPerSecond()),
                        Bytes.format(calibration.readBytesPerSecond()) + "/s")
                .row(
                        "scattered 64 KiB writes",
                        Bytes.format(calibration.scatteredWrittenBytes()),
                        time(calibration.scatteredWrittenBytes(), calibration.scatteredWriteBytesPerSecond()),
                        Bytes.format(calibration.scatteredWriteBytesPerSecond()) + "/s");
        Calibration.Mirror mirror = calibration.mirror();
        if (mirror != null) {
            passes.row(
                    "mirror of " + mirror.domain() + "'s " + mirror.disk(),
                    Bytes.format(mirror.bytes()),
                    time(mirror.bytes(), mirror.bytesPerSecond()),
                    Bytes.format(mirror.bytesPerSecond()) + "/s");
        }
        out.println("Calibration of " + calibration.target() + " on " + calibration.device() + ", direct I/O"
                + (mirror == null ? "" : "; the mirror in the guest's own QEMU, aborted without a pivot") + ":");
        passes.render("  ").forEach(out::println);
        out.println(
                "A copy and its verify (one write, one read back): " + Bytes.format(calibration.copyBytesPerSecond())
                        + "/s; plan --window predicts by it until this host has journaled copies of its own, and a busy"
                        + " guest's live copy's dirtied granules at the scattered writes' pace.");
        if (mirror != null) {
            out.println(
                    mirror.guestBusy()
                            ? "Its guest wrote as a busy one does: a busy guest's first pass is predicted at the"
                                    + " mirror's pace, until this host has journaled busy live copies of its own."
                            : "A host's first live move is predicted at the mirror's pace, until this host has journaled"
                                    + " live copies of its own.");
        }
        out.println("Kept in " + kept + ".");
    }

    /** Schema {@code virt-tune/calibration}: {@code calibration} null in a dry run. */
    public static String json(boolean execute, Optional<Calibration> measured) {
        ObjectNode root = JsonNodeFactory.instance
                .objectNode()
                .put("schema", "virt-tune/calibration")
                .put("version", VERSION)
                .put("execute", execute);
        measured.ifPresentOrElse(
                calibration -> fields(root.putObject("calibration"), calibration), () -> root.putNull("calibration"));
        return JsonDocument.text(root);
    }

    /** A calibration's fields, as calibrate and plan's schedule write them. */
    public static void fields(ObjectNode node, Calibration calibration) {
        node.put("vg", calibration.vg())
                .put("thinPool", calibration.thinPool())
                .put("device", calibration.device())
                .put("writtenBytes", calibration.writtenBytes())
                .put("writeBytesPerSecond", calibration.writeBytesPerSecond())
                .put("readBytes", calibration.readBytes())
                .put("readBytesPerSecond", calibration.readBytesPerSecond())
                .put("scatteredWrittenBytes", calibration.scatteredWrittenBytes())
                .put("scatteredWriteBytesPerSecond", calibration.scatteredWriteBytesPerSecond())
                .put("copyBytesPerSecond", calibration.copyBytesPerSecond())
                .put("measuredAt", calibration.measuredAt());
        Calibration.Mirror mirror = calibration.mirror();
        if (mirror == null) {
            node.putNull("mirror");
        } else {
            ObjectNode timed = node.putObject("mirror")
                    .put("domain", mirror.domain())
                    .put("disk", mirror.disk())
                    .put("bytes", mirror.bytes())
                    .put("bytesPerSecond", mirror.bytesPerSecond());
            if (mirror.guestWrites() == null) {
                timed.putNull("guestWrites");
            } else {
                timed.putObject("guestWrites")
                        .put("writesPerSecond", mirror.guestWrites().writesPerSecond())
                        .put("bytesPerSecond", mirror.guestWrites().bytesPerSecond())
                        .put("sampledMillis", mirror.guestWrites().sampledMillis());
            }
        }
    }

    private static String time(long bytes, long bytesPerSecond) {
        return Durations.format((double) bytes / bytesPerSecond);
    }
}

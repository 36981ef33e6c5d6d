package io.virttune.lvm;

import io.virttune.VirtTuneException;
import io.virttune.process.ProcessResult;
import java.util.List;
import java.util.regex.Pattern;

/** Turns a failed lvm command into an operator message that names the volume and the cause. */
final class LvmFailures {

    private record Cause(Pattern stderr, String explanation) {}

    // Matched against lvm2 2.03 stderr, as recorded in the test fixtures; first match wins.
    private static final List<Cause> CAUSES = List.of(
            new Cause(Pattern.compile("insufficient free space"), "the volume group has too little free space"),
            new Cause(Pattern.compile("already exists|A volume group called"), "the name already exists"),
            new Cause(Pattern.compile("name \".*\" is invalid|are reserved"), "LVM does not accept that name"),
            new Cause(Pattern.compile("Volume group \".*\" not found"), "the volume group does not exist"),
            new Cause(Pattern.compile("Pool .* not found"), "the thin pool does not exist"),
            new Cause(Pattern.compile("Failed to find logical volume"), "the logical volume does not exist"),
            new Cause(
                    Pattern.compile("is already in volume group"),
                    "the physical volume already belongs to a volume group"),
            new Cause(Pattern.compile("\\[y/n\\]"), "LVM asked for a confirmation virt-tune does not give"));

    private LvmFailures() {}

    /** Returns the result if it succeeded; otherwise throws, saying which action on what failed and why. */
    static ProcessResult require(ProcessResult result, String action, String subject) {
        if (result.succeeded()) {
            return result;
        }
        String what = "Could not " + action + " " + subject;
        if (result.exitCode() == ProcessResult.NOT_FOUND) {
            throw VirtTuneException.failed(what + ": the lvm command is not installed (package lvm2)");
        }
        List<String> lines = result.stderr().strip().lines().map(String::strip).toList();
        for (Cause cause : CAUSES) {
            for (String line : lines) {
                if (cause.stderr().matcher(line).find()) {
                    throw VirtTuneException.failed(what + ": " + cause.explanation() + " (lvm: " + line + ")");
                }
            }
        }
        String said = lines.isEmpty() ? "no error output" : String.join(" / ", lines);
        throw VirtTuneException.failed(what + ": lvm exited with code " + result.exitCode() + " (lvm: " + said + ")");
    }
}

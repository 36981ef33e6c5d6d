package io.virttune.plan;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.util.List;

/** A unified diff of two versions of a domain definition, as operators read them in review. */
public final class XmlDiff {
    private XmlDiff() {}

    public static String unified(String domain, String before, String after) {
        List<String> original = before.lines().toList();
        List<String> revised = after.lines().toList();
        List<String> lines = UnifiedDiffUtils.generateUnifiedDiff(
                domain + ".xml (current)", domain + ".xml (planned)", original, DiffUtils.diff(original, revised), 3);
        return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }
}

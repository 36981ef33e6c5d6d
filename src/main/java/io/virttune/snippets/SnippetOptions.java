package io.virttune.snippets;

import io.virttune.VirtTuneException;
import java.util.List;

/**
 * The operator's choices for snippets: whether the host serves several tenants (only the thin-pool
 * settings that keep their data apart), the hugepage margin, and domains planned for hugepages.
 */
public record SnippetOptions(
        SnippetFormat format, boolean multiTenant, int hugepagesMarginPercent, List<String> forDomains) {

    public SnippetOptions {
        forDomains = List.copyOf(forDomains);
        if (hugepagesMarginPercent < 0 || hugepagesMarginPercent > 100) {
            throw VirtTuneException.usage(
                    "the hugepages margin must be between 0 and 100%, not " + hugepagesMarginPercent);
        }
    }
}

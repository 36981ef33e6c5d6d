package io.virttune.cli;

import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import java.nio.file.Path;

/** Writes each rewritten domain definition of a plan to a directory ({@code --xml-out}), one file per domain. */
final class RewrittenDefinitions {
    private RewrittenDefinitions() {}

    static void write(Path directory, Plan plan) {
        OutputFiles.createDirectories(directory);
        for (DomainPlan domain : plan.domains()) {
            if (domain.newXml() != null) {
                OutputFiles.write(directory.resolve(safeFileName(domain.name()) + ".xml"), domain.newXml());
            }
        }
    }

    /** Domain names may hold '/'-free oddities (spaces, quotes, unicode); only '/' and a leading dot are unsafe. */
    private static String safeFileName(String name) {
        String safe = name.replace('/', '_');
        return safe.startsWith(".") ? "_" + safe : safe;
    }
}

package io.virttune.cli;

import io.virttune.inspect.DomainSelection;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Which domains a command works on: names or globs, or --all, less --exclude. */
public final class SelectionOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Parameters(paramLabel = "DOMAIN", arity = "0..*", description = "domain names or globs")
    List<String> domains = new ArrayList<>();

    @Option(names = "--all", description = "every domain")
    boolean all;

    @Option(names = "--exclude", paramLabel = "GLOB", description = "leave out matching domains")
    List<String> exclusions = new ArrayList<>();

    /** The selection; {@code emptyMeansAll} for read-only commands, where nothing named means all. */
    DomainSelection selection(boolean emptyMeansAll) {
        if (all && !domains.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "give DOMAIN names or --all, not both");
        }
        if (!all && domains.isEmpty() && !emptyMeansAll) {
            throw new ParameterException(spec.commandLine(), "name the domains, or --all");
        }
        return new DomainSelection(domains, exclusions);
    }
}

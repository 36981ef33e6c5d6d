package io.virttune.cli;

import io.virttune.inspect.DomainSelection;
import io.virttune.libvirt.LibvirtJavaConnection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The domains a bench command line picks: names as given, globs and --all among the running domains. */
final class BenchDomains {
    private final SelectionOptions selection;

    BenchDomains(SelectionOptions selection) {
        this.selection = selection;
    }

    /** Whether the line names exactly one domain by its name: no glob, no --all, no --exclude. */
    boolean oneNamed() {
        return !selection.all
                && selection.exclusions.isEmpty()
                && selection.domains.size() == 1
                && !DomainSelection.isGlob(selection.domains.get(0));
    }

    /**
     * The domains to bench: names as given; globs and --all pick among the running domains, since
     * only a running guest can be benched and a host's shut-off ones are no failure of the run.
     */
    List<String> chosen(LibvirtJavaConnection libvirt) {
        DomainSelection wanted = selection.selection(false);
        boolean namesOnly = !selection.all
                && selection.exclusions.isEmpty()
                && selection.domains.stream().noneMatch(DomainSelection::isGlob);
        if (namesOnly) {
            return List.copyOf(new LinkedHashSet<>(selection.domains));
        }
        Set<String> candidates = new LinkedHashSet<>();
        candidates.addAll(libvirt.runningNames());
        selection.domains.stream()
                .filter(pattern -> !DomainSelection.isGlob(pattern))
                .forEach(candidates::add);
        return wanted.select(candidates);
    }

    /** The domains as the command line names them, for messages: "domain 'web1'", "domains 'web1', 'db*'". */
    String named() {
        if (selection.all) {
            return "every running domain";
        }
        List<String> quoted =
                selection.domains.stream().map(name -> "'" + name + "'").toList();
        return (quoted.size() == 1 ? "domain " : "domains ") + String.join(", ", quoted);
    }
}

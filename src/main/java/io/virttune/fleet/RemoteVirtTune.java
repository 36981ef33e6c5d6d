package io.virttune.fleet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.apply.ports.DomainResult;
import io.virttune.process.ProcessResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A fleet host's own virt-tune, run over that host's SSH connection with {@code --json}.
 */
final class RemoteVirtTune {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern HELP_HINT = Pattern.compile("Try '.*--help'\\.");
    /** ssh's own exit status: the connection failed, whatever the remote command was doing. */
    private static final int SSH_FAILED = 255;

    private final FleetDoors doors;
    private final ProgressRelay progress;

    /** {@code progress}: where each host's progress lines go as they come. */
    RemoteVirtTune(FleetDoors doors, ProgressRelay progress) {
        this.doors = doors;
        this.progress = progress;
    }

    /**
     * {@code argv}: {@code virt-tune COMMAND ...}, which prints a document of {@code schema};
     * {@code input}, when present, is its stdin.
     */
    HostResults run(FleetHost host, List<String> argv, String schema, Optional<String> input) {
        String command = argv.get(1);
        ProcessResult answer =
                doors.commands(host).feed(argv, input.orElse(""), line -> progress.pass(host.name(), line));
        if (answer.exitCode() == ProcessResult.NOT_FOUND) {
            return HostResults.failed(
                    host.name(),
                    "virt-tune is not installed there (install its package on " + host.name() + ": docs/package.md)");
        }
        Optional<List<DomainResult>> results = results(answer.stdout(), schema);
        if (results.isEmpty() && answer.exitCode() == SSH_FAILED) {
            // The shared connection was open (FleetDoors checks it first): it was lost while the command ran.
            return HostResults.failed(
                    host.name(),
                    "outcome unknown: the ssh connection was lost while its virt-tune "
                            + command + " ran"
                            + lastMessage(answer.stderr())
                                    .map(said -> " (" + said + ")")
                                    .orElse("")
                            + "; it may still be running there: wait for it to end (its domains stay locked until then), then run"
                            + " the same command again, which finishes or reports what is left");
        }
        if (results.isEmpty()) {
            return HostResults.failed(
                    host.name(),
                    "its virt-tune " + command + " exited " + answer.exitCode()
                            + lastMessage(answer.stderr())
                                    .map(said -> ": " + said)
                                    .orElse(""));
        }
        return new HostResults(host.name(), results.get(), Optional.empty());
    }

    /**
     * What the remote virt-tune said last: its error ("virt-tune: ...") with the lines that go on
     * with it (a refusal's reasons), else its last line; the usage errors' help hint left out.
     */
    private static Optional<String> lastMessage(String stderr) {
        List<String> lines = stderr.lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty() && !HELP_HINT.matcher(line).matches())
                .toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith("virt-tune: ")) {
                return Optional.of(String.join(" ", lines.subList(i, lines.size())));
            }
        }
        return lines.isEmpty() ? Optional.empty() : Optional.of(lines.get(lines.size() - 1));
    }

    /** The domains of a results document of {@code schema}; empty when stdout is not one. */
    private static Optional<List<DomainResult>> results(String stdout, String schema) {
        JsonNode document;
        try {
            document = JSON.readTree(stdout);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
        if (document == null || !schema.equals(document.path("schema").asText())) {
            return Optional.empty();
        }
        List<DomainResult> results = new ArrayList<>();
        for (JsonNode domain : document.path("domains")) {
            DomainResult.Result result = result(domain.path("result").asText());
            List<String> reasons = new ArrayList<>();
            domain.path("reasons").forEach(reason -> reasons.add(reason.asText()));
            // A host whose virt-tune lists no reasons (an older one) gives its detail as the one reason.
            results.add(
                    reasons.isEmpty()
                            ? new DomainResult(
                                    domain.path("name").asText(),
                                    result,
                                    domain.path("detail").asText())
                            : new DomainResult(
                                    domain.path("name").asText(),
                                    result,
                                    domain.path("detail").asText(),
                                    reasons));
        }
        return Optional.of(results);
    }

    /** A result the remote virt-tune named; one this virt-tune does not know counts as failed, never as done. */
    private static DomainResult.Result result(String name) {
        try {
            return DomainResult.Result.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return DomainResult.Result.FAILED;
        }
    }
}

package io.virttune.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.Sleep;
import io.virttune.VirtTuneException;
import io.virttune.libvirt.LiveDomains;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

/** Runs programs in one guest through its QEMU guest agent: {@code guest-ping}, {@code guest-exec}, {@code guest-exec-status}. */
public final class GuestAgent {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int COMMAND_TIMEOUT_SECONDS = 30;

    private final GuestAgentLink link;
    private final String domain;
    private final Duration pollInterval;

    public GuestAgent(LiveDomains live, String domain, Duration pollInterval) {
        this((name, json) -> live.qemuAgentCommand(name, json, COMMAND_TIMEOUT_SECONDS), domain, pollInterval);
    }

    public GuestAgent(GuestAgentLink link, String domain, Duration pollInterval) {
        this.link = link;
        this.domain = domain;
        this.pollInterval = pollInterval;
    }

    /** Fails with advice when the agent does not answer. */
    public void ping() {
        try {
            command("guest-ping", JSON.createObjectNode());
        } catch (VirtTuneException e) {
            throw VirtTuneException.failed(
                    e.getMessage() + " (is qemu-guest-agent installed and running in the"
                            + " guest? on Windows, the QEMU Guest Agent service from the virtio-win ISO)",
                    e);
        }
    }

    /**
     * Runs a program to completion and returns its status; {@code stdin} may be null. Fails when
     * the agent cannot start it, or when it still runs after {@code timeout}.
     */
    public ExecStatus run(String path, List<String> args, List<String> env, String stdin, Duration timeout) {
        ObjectNode arguments = JSON.createObjectNode().put("path", path).put("capture-output", true);
        args.forEach(arguments.putArray("arg")::add);
        env.forEach(arguments.putArray("env")::add);
        if (stdin != null) {
            arguments.put("input-data", Base64.getEncoder().encodeToString(stdin.getBytes(StandardCharsets.UTF_8)));
        }
        long pid = command("guest-exec", arguments).path("pid").asLong(-1);
        if (pid < 0) {
            throw VirtTuneException.failed(
                    "guest agent of domain '" + domain + "' started " + path + " but gave no pid");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            ExecStatus status = status(pid);
            if (status.exited()) {
                return status;
            }
            if (System.nanoTime() > deadline) {
                throw VirtTuneException.failed(path + " in domain '" + domain + "' still runs after "
                        + timeout.toSeconds() + " s (guest pid " + pid + "); it was left running");
            }
            Sleep.of(
                    pollInterval,
                    e -> VirtTuneException.failed("interrupted while waiting for domain '" + domain + "'", e));
        }
    }

    private ExecStatus status(long pid) {
        JsonNode reply = command("guest-exec-status", JSON.createObjectNode().put("pid", pid));
        return new ExecStatus(
                reply.path("exited").asBoolean(),
                reply.path("exitcode").asInt(-1),
                decode(reply.path("out-data")),
                decode(reply.path("err-data")));
    }

    private JsonNode command(String execute, ObjectNode arguments) {
        ObjectNode request = JSON.createObjectNode().put("execute", execute);
        if (!arguments.isEmpty()) {
            request.set("arguments", arguments);
        }
        String reply = link.command(domain, request.toString());
        try {
            return JSON.readTree(reply).path("return");
        } catch (JsonProcessingException e) {
            throw VirtTuneException.failed(
                    "guest agent of domain '" + domain + "' answered " + execute + " with something that is not JSON: "
                            + reply,
                    e);
        }
    }

    private static String decode(JsonNode base64) {
        return base64.isMissingNode()
                ? ""
                : new String(Base64.getDecoder().decode(base64.asText()), StandardCharsets.UTF_8);
    }
}

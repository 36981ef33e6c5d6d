package io.virttune.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.VirtTuneException;
import io.virttune.libvirt.DiskWrites;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LiveDomains;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A running domain that replays guest-agent replies recorded in the lab, in order, and keeps
 * every command it was sent. A failure reply is thrown as LibvirtJavaConnection throws it.
 */
final class RecordedGuest implements LiveDomains {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Reply(String execute, String json, String error) {}

    private final String liveXml;
    private final DomainState state;
    private final Map<String, Long> capacities = new HashMap<>();
    private final Deque<Reply> replies = new ArrayDeque<>();
    final List<JsonNode> sent = new ArrayList<>();

    RecordedGuest(String liveXml, DomainState state) {
        this.liveXml = liveXml;
        this.state = state;
    }

    /** The recorded lab guest: running, with its agent channel, its one disk of 256 MiB (sda). */
    static RecordedGuest lab() {
        return new RecordedGuest(Recorded.text("lab/running-domain.xml"), DomainState.RUNNING)
                .capacity("sda", 256L << 20);
    }

    /** The size libvirt reports of the disk with this target. */
    RecordedGuest capacity(String target, long bytes) {
        capacities.put(target, bytes);
        return this;
    }

    RecordedGuest reply(String execute, String recordedFile) {
        replies.add(new Reply(execute, Recorded.text(recordedFile), null));
        return this;
    }

    RecordedGuest fail(String execute, String recordedStderr) {
        replies.add(new Reply(execute, null, Recorded.libvirtError(recordedStderr)));
        return this;
    }

    /** The replies of a fio that is found: guest-ping, then fio --version. */
    RecordedGuest agentWithFio() {
        return reply("guest-ping", "lab/ping.json")
                .reply("guest-exec", "lab/exec-version.json")
                .reply("guest-exec-status", "lab/status-version.json");
    }

    /**
     * A program the guest runs to completion and what it prints, in the shape of the recorded
     * guest-exec and guest-exec-status replies (lab/README.md).
     */
    /** The guest zeroing a scratch device's first MiB again after fio, as bench asks last. */
    RecordedGuest blankedAgain() {
        return guestPrints("");
    }

    RecordedGuest guestPrints(String stdout) {
        return guestExits(0, stdout, "");
    }

    /** A program that ends with {@code status}, saying {@code stderr}. */
    RecordedGuest guestExits(int status, String stderr) {
        return guestExits(status, "", stderr);
    }

    private RecordedGuest guestExits(int status, String stdout, String stderr) {
        replies.add(new Reply("guest-exec", Recorded.text("lab/exec-pid.json"), null));
        replies.add(new Reply(
                "guest-exec-status",
                "{\"return\":{\"exitcode\":" + status + ",\"out-data\":\"" + base64(stdout) + "\",\"err-data\":\""
                        + base64(stderr) + "\",\"out-truncated\":false,\"exited\":true}}",
                null));
        return this;
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** What the guest says of an unused scratch device of nothing but zeros: no use, then od of its first 8 KiB. */
    static final String UNUSED_BLANK = "head\n" + " 00".repeat(16).concat("\n").repeat(8192 / 16) + "rest 1048576 0\n";

    /**
     * As {@link #agentWithFio}, the guest first listing its one disk (sda, 256 MiB) and saying it is
     * unused and blank, as bench asks before it writes a whole device.
     */
    RecordedGuest agentWithFioOnItsDevice() {
        return reply("guest-ping", "lab/ping.json")
                .guestPrints("sda 524288\n")
                .guestPrints(UNUSED_BLANK)
                .reply("guest-exec", "lab/exec-version.json")
                .reply("guest-exec-status", "lab/status-version.json");
    }

    /**
     * The replies of one fio run per job of a recorded fio run (guest-exec, a guest-exec-status
     * still running, then the status whose report holds only that job): a recorded run of several
     * sections, split as fio reports one section at a time.
     */
    RecordedGuest fioPerSection(String recordedExec, String recordedStatus) {
        try {
            ObjectNode status = (ObjectNode) JSON.readTree(Recorded.text(recordedStatus));
            ObjectNode ret = (ObjectNode) status.path("return");
            ObjectNode report = (ObjectNode) JSON.readTree(
                    Base64.getDecoder().decode(ret.path("out-data").asText()));
            for (JsonNode job : report.path("jobs")) {
                report.putArray("jobs").add(job);
                ret.put("out-data", Base64.getEncoder().encodeToString(JSON.writeValueAsBytes(report)));
                reply("guest-exec", recordedExec).reply("guest-exec-status", "lab/status-running.json");
                replies.add(new Reply("guest-exec-status", JSON.writeValueAsString(status), null));
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<String> executed() {
        return sent.stream().map(c -> c.path("execute").asText()).toList();
    }

    @Override
    public String uri() {
        return "qemu:///system";
    }

    @Override
    public List<String> runningNames() {
        throw new AssertionError("a recorded guest is named, never listed");
    }

    @Override
    public DomainState state(String domain) {
        return state;
    }

    @Override
    public String liveXml(String domain) {
        return liveXml;
    }

    @Override
    public DiskWrites diskWrites(String domain, String target) {
        throw new AssertionError("bench reads no disk's writes");
    }

    @Override
    public long diskCapacityBytes(String domain, String target) {
        Long bytes = capacities.get(target);
        if (bytes == null) {
            throw new AssertionError("no size recorded for disk " + target);
        }
        return bytes;
    }

    @Override
    public String qemuAgentCommand(String domain, String json, int timeoutSeconds) {
        JsonNode command;
        try {
            command = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + json, e);
        }
        sent.add(command);
        Reply reply = replies.poll();
        if (reply == null || !reply.execute().equals(command.path("execute").asText())) {
            throw new AssertionError("unexpected agent command " + json + ", expected " + reply);
        }
        if (reply.error() != null) {
            throw VirtTuneException.failed("guest agent of domain '" + domain + "': " + reply.error());
        }
        return reply.json();
    }

    @Override
    public void close() {}
}

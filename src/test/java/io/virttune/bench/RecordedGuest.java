package io.virttune.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.VirtTuneException;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LiveDomains;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A running domain that replays guest-agent replies recorded in the lab, in order, and keeps
 * every command it was sent. A failure reply is thrown as LibvirtJavaConnection throws it.
 */
final class RecordedGuest implements LiveDomains {
  private static final ObjectMapper JSON = new ObjectMapper();

  private record Reply(String execute, String json, String error) {}

  private final String liveXml;
  private final DomainState state;
  private final Deque<Reply> replies = new ArrayDeque<>();
  final List<JsonNode> sent = new ArrayList<>();

  RecordedGuest(String liveXml, DomainState state) {
    this.liveXml = liveXml;
    this.state = state;
  }

  /** The recorded lab guest: running, with its agent channel. */
  static RecordedGuest lab() {
    return new RecordedGuest(Recorded.text("lab/running-domain.xml"), DomainState.RUNNING);
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
        .reply("guest-exec", "lab/exec-version.json").reply("guest-exec-status", "lab/status-version.json");
  }

  List<String> executed() {
    return sent.stream().map(c -> c.path("execute").asText()).toList();
  }

  @Override
  public String uri() {
    return "qemu:///system";
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

package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.agent.GuestAgentLink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A guest agent that answers with recorded replies from src/test/resources/guest-agent (README.md
 * there says what each is), the n-th command with the n-th file and every later one with the last:
 * a {@code .json} file is the reply, a {@code .txt} file libvirt's error message. It records what
 * it was asked.
 */
public final class RecordedGuestAgent implements GuestAgentLink {
    private static final Path DIR = Path.of("src/test/resources/guest-agent");

    private final List<String> files;
    private final List<String> asked = new ArrayList<>();

    public RecordedGuestAgent(String... files) {
        this.files = List.of(files);
    }

    /** An agent that must not be asked: it fails the test if it is. */
    public static GuestAgentLink never() {
        return (domain, json) -> {
            throw new AssertionError("the guest agent of '" + domain + "' was asked " + json);
        };
    }

    @Override
    public String command(String domain, String json) {
        String file = files.get(Math.min(asked.size(), files.size() - 1));
        asked.add(domain + " " + json);
        String recorded;
        try {
            recorded = Files.readString(DIR.resolve(file)).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (file.endsWith(".txt")) {
            // As LibvirtJavaConnection reports libvirt's error.
            throw VirtTuneException.failed("guest agent of domain '" + domain + "': " + recorded);
        }
        return recorded;
    }

    /** Each command asked, as "DOMAIN JSON". */
    public List<String> asked() {
        return asked;
    }
}

package io.virttune.inspect;

import io.virttune.VirtTuneException;
import io.virttune.agent.GuestAgentLink;
import io.virttune.libvirt.LibvirtSession;
import java.util.Optional;

/** The libvirt connection one inspection reads through, opened once, read-write only where it must be. */
final class InspectionLibvirt implements GuestAgentLink, AutoCloseable {
    private static final int AGENT_TIMEOUT_SECONDS = 10;

    private final LibvirtOpener opener;
    private final String uri;
    private final Background<InspectedLibvirt<LibvirtSession>> opening;
    /** Opened at the first agent command when the inspection's connection is read-only by choice. */
    private LibvirtSession forAgents;

    /** Starts opening the connection; {@code emulators} says whether domain capabilities will be read. */
    InspectionLibvirt(LibvirtOpener opener, String uri, boolean emulators) {
        this.opener = opener;
        this.uri = uri;
        // Opening is mostly native work (loading JNA and libvirt's client library; the test driver
        // parses its whole node): it runs while the host's settings and LVM are read.
        this.opening = Background.start("libvirt-open", () -> open(opener, uri, emulators));
    }

    private static InspectedLibvirt<LibvirtSession> open(LibvirtOpener opener, String uri, boolean emulators) {
        if (!emulators) {
            return new InspectedLibvirt<>(opener.open(uri, true), true, Optional.empty());
        }
        try {
            return new InspectedLibvirt<>(opener.open(uri, false), false, Optional.empty());
        } catch (VirtTuneException refused) {
            return new InspectedLibvirt<>(opener.open(uri, true), true, Optional.of(refused.getMessage()));
        }
    }

    /** The connection, waited for where it is first needed. */
    Background<InspectedLibvirt<LibvirtSession>> opening() {
        return opening;
    }

    @Override
    public String command(String domain, String json) {
        return agents().qemuAgentCommand(domain, json, AGENT_TIMEOUT_SECONDS);
    }

    private LibvirtSession agents() {
        InspectedLibvirt<LibvirtSession> opened = opening.join();
        if (!opened.readOnly()) {
            return opened.libvirt();
        }
        if (opened.readWriteRefused().isPresent()) {
            throw VirtTuneException.failed("libvirt reaches guest agents only over a read-write connection, and it"
                    + " refused one: " + opened.readWriteRefused().get());
        }
        if (forAgents == null) {
            forAgents = opener.open(uri, false);
        }
        return forAgents;
    }

    @Override
    public void close() {
        if (forAgents != null) {
            forAgents.close();
        }
        opening.release(opened -> opened.libvirt().close());
    }
}

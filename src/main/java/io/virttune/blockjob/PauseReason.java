package io.virttune.blockjob;

/** Why libvirt says a domain is paused: virDomainPausedReason, the reason virDomainGetState gives. */
public enum PauseReason {
    UNKNOWN("for a reason libvirt does not know"),
    USER("by a user or a program (virsh suspend, virDomainSuspend)"),
    MIGRATION("for an offline migration"),
    SAVE("for a save"),
    DUMP("for a core dump"),
    IOERROR("by QEMU, on a disk I/O error"),
    WATCHDOG("by its watchdog"),
    FROM_SNAPSHOT("after a snapshot was restored"),
    SHUTTING_DOWN("while it shuts down"),
    SNAPSHOT("for a snapshot"),
    CRASHED("after the guest crashed"),
    STARTING_UP("while it starts"),
    POSTCOPY("for a post-copy migration"),
    POSTCOPY_FAILED("after a failed post-copy migration"),
    API_ERROR("after a libvirt call failed half-way");

    private final String words;

    PauseReason(String words) {
        this.words = words;
    }

    /** The reason numbered {@code code} in libvirt-domain.h; one added after libvirt 9.0 reads as unknown. */
    public static PauseReason of(int code) {
        PauseReason[] reasons = values();
        return code >= 0 && code < reasons.length ? reasons[code] : UNKNOWN;
    }

    /** How an operator reads it: "paused " and these words. */
    public String words() {
        return words;
    }
}

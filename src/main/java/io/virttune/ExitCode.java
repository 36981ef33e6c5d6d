package io.virttune;

/** The process exit codes virt-tune uses, one meaning each. */
public enum ExitCode {
    /** Everything asked for was done (or, in a dry run, would be done). */
    OK(0),
    /** Something could not be read or done; the message says what. */
    FAILED(1),
    /** The command line itself was wrong. */
    USAGE(2),
    /** A safety rule refused the operation; nothing was changed. */
    REFUSED(3);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}

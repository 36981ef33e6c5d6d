package io.virttune.apply.ports;

/** Keeps images from being opened by a guest while virt-tune changes the definition that names them. */
public interface ImageHolds {

    /** Holds the image until the hold is closed; refused (exit 3) when a process has it in use. */
    Hold hold(String path, String domain);

    /** One image held. */
    interface Hold extends AutoCloseable {
        @Override
        void close();
    }
}

package io.virttune.plan;

import io.virttune.inspect.ImageFacts;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 fingerprints of what a plan was made from, so apply can tell that the host moved on. */
public final class Fingerprints {
    private Fingerprints() {}

    public static String of(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return "sha256:" + HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /**
     * An image's identity as qemu-img or the pool reports it: a write by a guest changes its
     * allocation, a rebase its chain, a resize its virtual size.
     */
    public static String of(ImageFacts image) {
        return of(image.path() + "\n" + image.format() + "\n" + image.virtualSizeBytes() + "\n" + image.allocatedBytes()
                + "\n" + String.join("\n", image.backingChain()));
    }
}

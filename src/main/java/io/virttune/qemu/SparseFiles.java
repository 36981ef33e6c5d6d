package io.virttune.qemu;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Optional;

/** What the file system allocates for a file, as qemu asks it: {@code stat}'s blocks. */
final class SparseFiles {
    /** The C library's call, as sys/stat.h declares it (exported since glibc 2.33). */
    private interface C extends Library {
        int stat(String path, byte[] buffer) throws LastErrorException;
    }

    /** struct stat's size and where st_size and st_blocks lie in it, the same on x86_64 and arm64 Linux. */
    private static final int STAT_BYTES = 256;

    private static final int ST_SIZE = 48;
    private static final int ST_BLOCKS = 64;

    private SparseFiles() {}

    /**
     * The C library's {@code stat}, loaded once, on first use: the first call through JNA costs
     * hundreds of milliseconds, which {@link #unavailable} lets a caller spend before a guest's pause.
     */
    private static final class Loaded {
        static final C LIBRARY;
        static final Optional<String> WHY_NOT;

        static {
            C library = null;
            String whyNot = null;
            try {
                library = Native.load("c", C.class);
                library.stat("/", new byte[STAT_BYTES]);
            } catch (LinkageError | RuntimeException e) {
                whyNot = "the C library lends no stat to read a file's allocation by (" + e.getMessage() + ")";
            }
            LIBRARY = library;
            WHY_NOT = Optional.ofNullable(whyNot);
        }
    }

    /** Why the allocation of a file cannot be read here; empty where it can. Loads the C library's call. */
    static Optional<String> unavailable() {
        return Loaded.WHY_NOT;
    }

    /**
     * The bytes the file system allocated for {@code file}, as qemu counts them (blocks of 512
     * bytes); a {@code stat} whose size is not {@code size} was not read as this class expects.
     */
    static long allocatedBytes(Path file, long size) throws IOException {
        if (Loaded.WHY_NOT.isPresent()) {
            throw new IOException(Loaded.WHY_NOT.get());
        }
        byte[] buffer = new byte[STAT_BYTES];
        try {
            Loaded.LIBRARY.stat(file.toString(), buffer);
        } catch (LastErrorException e) {
            throw new IOException("stat " + file + ": errno " + e.getErrorCode(), e);
        }
        ByteBuffer stat = ByteBuffer.wrap(buffer).order(ByteOrder.nativeOrder());
        if (stat.getLong(ST_SIZE) != size) {
            throw new IOException("stat " + file + " gave a size of " + stat.getLong(ST_SIZE) + ", not " + size);
        }
        return stat.getLong(ST_BLOCKS) * 512;
    }
}

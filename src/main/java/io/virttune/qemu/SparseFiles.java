package io.virttune.qemu;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the file system allocates for a sparse file, as qemu asks it: its allocated bytes
 * ({@code stat}'s blocks) and where its holes lie ({@code lseek}'s SEEK_HOLE).
 */
final class SparseFiles {
    /** The C library's calls, as sys/stat.h, fcntl.h and unistd.h declare them ({@code stat} exported since glibc 2.33). */
    private interface C extends Library {
        int stat(String path, byte[] buffer) throws LastErrorException;

        int open(String path, int flags) throws LastErrorException;

        long lseek(int fd, long offset, int whence) throws LastErrorException;

        int close(int fd) throws LastErrorException;
    }

    private static final int O_RDONLY = 0;
    private static final int O_CLOEXEC = 0x80000;
    private static final int SEEK_HOLE = 4;

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
     * The first of {@code ranges} (start and end offsets of {@code file}, each inside it) in which a
     * hole of the file begins or lies; empty where none does. A file system that cannot tell holes
     * reports none, to qemu too.
     */
    static Optional<long[]> firstWithAHole(Path file, List<long[]> ranges) throws IOException {
        if (Loaded.WHY_NOT.isPresent()) {
            throw new IOException(Loaded.WHY_NOT.get());
        }
        int fd;
        try {
            fd = Loaded.LIBRARY.open(file.toString(), O_RDONLY | O_CLOEXEC);
        } catch (LastErrorException e) {
            throw new IOException("open " + file + ": errno " + e.getErrorCode(), e);
        }
        try {
            for (long[] range : ranges) {
                // The next hole at or after the range's start: inside the range, or at its end or later.
                if (Loaded.LIBRARY.lseek(fd, range[0], SEEK_HOLE) < range[1]) {
                    return Optional.of(range);
                }
            }
            return Optional.empty();
        } catch (LastErrorException e) {
            throw new IOException("lseek " + file + ": errno " + e.getErrorCode(), e);
        } finally {
            try {
                Loaded.LIBRARY.close(fd);
            } catch (LastErrorException ignored) {
                // A read-only descriptor: nothing was written that its close could lose.
            }
        }
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

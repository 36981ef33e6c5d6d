package io.virttune.qemu;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What the file system allocates for a sparse file, as qemu asks it: its holes ({@code lseek}'s
 * SEEK_HOLE and SEEK_DATA) and its allocated bytes ({@code stat}'s blocks).
 */
final class SparseFiles {
    /** The C library's calls, as fcntl.h and unistd.h declare them. */
    private interface C extends Library {
        C LIBRARY = Native.load("c", C.class);

        int open(String path, int flags) throws LastErrorException;

        long lseek(int fd, long offset, int whence) throws LastErrorException;

        int close(int fd) throws LastErrorException;

        int stat(String path, byte[] buffer) throws LastErrorException;
    }

    private static final int O_RDONLY = 0;
    private static final int O_CLOEXEC = 0x80000;
    private static final int SEEK_DATA = 3;
    private static final int SEEK_HOLE = 4;
    /** What SEEK_DATA says when only a hole is left up to the file's end. */
    private static final int ENXIO = 6;
    /** struct stat's size and where st_size and st_blocks lie in it, the same on x86_64 and arm64 Linux. */
    private static final int STAT_BYTES = 256;

    private static final int ST_SIZE = 48;
    private static final int ST_BLOCKS = 64;

    private SparseFiles() {}

    /**
     * The holes of {@code file} below {@code size}, in order, as start and end offsets one after the
     * other; empty where the file system tells of none.
     */
    static long[] holes(Path file, long size) throws IOException {
        int fd;
        try {
            fd = C.LIBRARY.open(file.toString(), O_RDONLY | O_CLOEXEC);
        } catch (LastErrorException e) {
            throw new IOException("open " + file + ": errno " + e.getErrorCode(), e);
        }
        try {
            long[] holes = new long[16];
            int count = 0;
            long at = 0;
            while (at < size) {
                long hole = C.LIBRARY.lseek(fd, at, SEEK_HOLE);
                if (hole >= size) {
                    break;
                }
                long data = dataFrom(fd, hole, size);
                if (count + 2 > holes.length) {
                    holes = Arrays.copyOf(holes, holes.length * 2);
                }
                holes[count++] = hole;
                holes[count++] = data;
                at = data;
            }
            return Arrays.copyOf(holes, count);
        } catch (LastErrorException e) {
            throw new IOException("lseek " + file + ": errno " + e.getErrorCode(), e);
        } finally {
            C.LIBRARY.close(fd);
        }
    }

    private static long dataFrom(int fd, long hole, long size) {
        try {
            return Math.min(size, C.LIBRARY.lseek(fd, hole, SEEK_DATA));
        } catch (LastErrorException e) {
            if (e.getErrorCode() == ENXIO) {
                return size;
            }
            throw e;
        }
    }

    /**
     * The bytes the file system allocated for {@code file}, as qemu counts them (blocks of 512
     * bytes); a {@code stat} whose size is not {@code size} was not read as this class expects.
     */
    static long allocatedBytes(Path file, long size) throws IOException {
        byte[] buffer = new byte[STAT_BYTES];
        try {
            C.LIBRARY.stat(file.toString(), buffer);
        } catch (LastErrorException e) {
            throw new IOException("stat " + file + ": errno " + e.getErrorCode(), e);
        } catch (UnsatisfiedLinkError e) {
            throw new IOException("no stat in the C library: " + e.getMessage(), e);
        }
        ByteBuffer stat = ByteBuffer.wrap(buffer).order(ByteOrder.nativeOrder());
        if (stat.getLong(ST_SIZE) != size) {
            throw new IOException("stat " + file + " gave a size of " + stat.getLong(ST_SIZE) + ", not " + size);
        }
        return stat.getLong(ST_BLOCKS) * 512;
    }

    /** Whether any of {@code holes} (from {@link #holes}) overlaps the range from {@code start} to {@code end}. */
    static boolean overlaps(long[] holes, long start, long end) {
        // The last hole starting before end, found by halving: the holes are in order and apart.
        int low = 0;
        int high = holes.length / 2 - 1;
        int found = -1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (holes[2 * mid] < end) {
                found = mid;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found >= 0 && holes[2 * found + 1] > start;
    }
}

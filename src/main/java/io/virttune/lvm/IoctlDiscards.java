package io.virttune.lvm;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import io.virttune.VirtTuneException;

/**
 * {@link ThinDiscards} in this process: the LV's device opened once a round, then one BLKDISCARD
 * ioctl a range, as {@code blkdiscard} makes it, without starting a process for each.
 */
public final class IoctlDiscards implements ThinDiscards {
    /** The C library's calls, as fcntl.h, sys/ioctl.h, unistd.h and string.h declare them. */
    private interface C extends Library {
        C LIBRARY = Native.load("c", C.class);

        int open(String path, int flags) throws LastErrorException;

        int ioctl(int fd, NativeLong request, long[] range) throws LastErrorException;

        int close(int fd) throws LastErrorException;

        String strerror(int errno);
    }

    private static final int O_WRONLY = 1;
    /** Not inherited by the processes other threads start meanwhile: an LV they held open could not be removed. */
    private static final int O_CLOEXEC = 0x80000;
    /** {@code _IO(0x12, 119)} in linux/fs.h; its argument is {@code uint64_t range[2]}: offset, length. */
    private static final long BLKDISCARD = 0x1277;

    @Override
    public Discarding open(String vgName, String name) {
        VolumeName volume = new VolumeName(vgName, name);
        return openDevice(volume.devicePath(), volume.toString());
    }

    /** {@code device} open for discards, {@code subject} naming it in messages. */
    static Discarding openDevice(String device, String subject) {
        int fd;
        try {
            // Write access, which the kernel wants for a discard; not exclusive: the guest's QEMU holds the LV open.
            fd = C.LIBRARY.open(device, O_WRONLY | O_CLOEXEC);
        } catch (LastErrorException e) {
            throw failed("open " + device + " of " + subject + " to discard", e);
        }
        return new OpenDevice(fd, device, subject);
    }

    /** One opened device, closed once. */
    private record OpenDevice(int fd, String device, String subject) implements Discarding {
        @Override
        public void discard(long offset, long length) {
            if (offset < 0 || length <= 0) {
                throw new IllegalArgumentException("no such range: " + offset + "+" + length);
            }
            try {
                C.LIBRARY.ioctl(fd, new NativeLong(BLKDISCARD), new long[] {offset, length});
            } catch (LastErrorException e) {
                throw failed("discard " + offset + "+" + length + " of " + subject, e);
            }
        }

        @Override
        public void close() {
            try {
                C.LIBRARY.close(fd);
            } catch (LastErrorException e) {
                throw failed("close " + device + " of " + subject + " after its discards", e);
            }
        }
    }

    private static VirtTuneException failed(String what, LastErrorException e) {
        return VirtTuneException.failed(
                "Could not " + what + ": " + C.LIBRARY.strerror(e.getErrorCode()) + " (errno " + e.getErrorCode() + ")",
                e);
    }
}

/**
 * What apply acts through ({@link ApplyPorts}, handed out in groups: {@link GuestPorts}, {@link
 * LvmPorts}, {@link ImagePorts}, {@link CopyPorts}, {@link RunPorts}), the one place a dry run is
 * made ({@link ApplyPorts#over} with the printing doubles), the holds and locks read from the host,
 * {@link RunMode} and {@link DomainResult}.
 *
 * <h2>Whether an image is open ({@link ImageLocks})</h2>
 *
 * <p>The question is asked with {@code qemu-io}, which opens the file for writing: a running QEMU
 * refuses that for every image it holds, whether the guest writes to it or reads it as a backing
 * file.
 *
 * <p>Why not {@code qemu-img info} without {@code -U}: a raw reader shares writes, so {@code
 * qemu-img info -f raw} succeeds on the raw disk of a running guest (measured with QEMU 7.2; it
 * only refused a qcow2, and without {@code -f} it probed the format from what the guest wrote). The
 * file is opened as {@code raw}, whatever it holds: nothing inside it is read, so no backing or
 * data file it names is opened, and nothing is written ({@code -c quit}).
 *
 * <h2>Holding an image ({@link QemuIoHolds})</h2>
 *
 * <p>A {@code qemu-io} kept open on an image for writing, in interactive mode, takes the lock a
 * starting guest needs (QEMU refuses to open a disk whose writes another process may make), and
 * fails to open the image a running guest holds.
 *
 * <p>The file is opened as {@code raw}, whatever it holds: nothing inside it is read or written, so
 * no backing or data file is opened and no qcow2 header is rewritten. A writable {@code qemu-io}
 * shares writes, so another qemu-io (the in-use check) still opens it; {@code qemu-img convert} and
 * {@code compare} without {@code -U} do not, which is why the hold is taken after the copies. It
 * runs under {@code setpriv --pdeathsig KILL}: it dies with the thread that started it.
 *
 * <h2>A dry run's block jobs ({@link PrintingBlockJobs})</h2>
 *
 * <p>A copy the dry run would start reads back as ready, and a pivot as done (the guest on the LV,
 * in both definitions, as libvirt 9.0 leaves them), so that the checks after each run on what the
 * real run would see.
 *
 * <h2>Stale writers ({@link StaleWriters})</h2>
 *
 * <p>A writer left behind is, say, a {@code qemu-img convert} left by a killed apply, which a
 * resume that recreates or rewrites the LV would race. The writers are read from {@code
 * /proc/PID/fd} and {@code fdinfo}, with no fuser or lsof needed; run as root to see every process.
 * A block device is matched by its device number, whatever node or symlink opened it.
 *
 * <h2>Real or printing ({@link ApplyPorts})</h2>
 *
 * <p>Each part of apply is handed the groups (or the single ports) it uses. A dry run and a real
 * run differ only here: in a dry run every acting port prints what it would do instead of doing it
 * (commands the adapters call acting, defines, autostart, state writes, file deletions, image
 * holds); the reading ports are real in both, so a dry run checks all a real run checks.
 */
package io.virttune.apply.ports;

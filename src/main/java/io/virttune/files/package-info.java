/**
 * Files written durably: the one way virt-tune writes journals, backups, plans, reports and stored
 * results.
 *
 * <h2>How a file is written ({@link DurableFiles})</h2>
 *
 * <p>A crash leaves either the old content or the new, never a torn mix, and a failed write leaves
 * nothing behind: a temporary sibling is written, fsynced and renamed over the target, and the
 * directory fsynced; on failure the temporary file is removed. A directory fsync failing after the
 * rename still fails the write, for the rename may not survive a crash, but says the file is written
 * and in place rather than that it could not be written. The directory must exist: a file the
 * operator named in a directory that does not is a mistake to report, not to paper over.
 *
 * <p>The temporary file is made and opened in one step that refuses whatever is at its name, so in a
 * directory others can write, a symlink put there is never followed.
 *
 * <p>An interrupt of the writing thread, set before the write or arriving during it, neither cuts the
 * write nor is lost: no step obeys it (asynchronous channels write and fsync, where a FileChannel
 * would close), and it is still set when the write returns.
 */
package io.virttune.files;

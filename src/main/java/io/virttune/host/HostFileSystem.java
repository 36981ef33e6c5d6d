package io.virttune.host;

import java.util.List;
import java.util.Optional;

/**
 * A host's files as virt-tune reads them, named by their path below the host's root ("proc/meminfo"):
 * a directory on this machine, or a remote host's files read through its commands.
 */
public interface HostFileSystem {

    /** The file's whole content, or empty when it does not exist. */
    Optional<String> read(String relativePath);

    /** Names of the entries of a directory, sorted; empty when the directory does not exist. */
    List<String> list(String relativePath);

    /** Whether anything exists at the path. */
    boolean exists(String relativePath);

    /** The file as an operator would name it in a message ("/proc/meminfo on hv02"). */
    String describe(String relativePath);

    /**
     * These files with the files and the directories that match these globs (below the root, a
     * backslash quoting the character after it) read ahead in one command where each read is a
     * remote command; this one itself where each read is cheap.
     */
    default HostFileSystem prefetched(List<String> fileGlobs, List<String> directoryGlobs) {
        return this;
    }
}

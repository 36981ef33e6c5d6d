/**
 * A host's settings as the probes read them (block devices, hugepages, the kernel command line,
 * memory, CPUs), and the door a host is reached through: its commands, files and libvirt URI, this
 * machine's or another's over SSH (docs/fleet.md, "The host door").
 *
 * <h2>One round trip for /proc and /sys ({@link PrefetchedFileSystem})</h2>
 *
 * <p>Every file and directory the probes read (block devices' queues, hugepage pools per size and
 * NUMA node, the kernel command line, meminfo) comes back in a single ssh round trip instead of one
 * each (88 on a small host), taken at the first read of such a path. A path the snapshot does not
 * cover (an image's), a file the host could not read, or a snapshot that failed, goes to the {@link
 * RemoteFileSystem} behind, which reads it alone and names what failed.
 */
package io.virttune.host;

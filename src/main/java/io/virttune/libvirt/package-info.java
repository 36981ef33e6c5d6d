/**
 * The libvirt adapter: domains, their definitions and state, the host's and the emulators'
 * capabilities and storage pool volumes, read and changed through libvirt-java, and through JNA
 * where it has no binding.
 *
 * <h2>Why a connection failed ({@link ConnectFailure})</h2>
 *
 * <p>The line says libvirt's own message, less the lines libxml2 adds under a parse error, and
 * never "is libvirtd running?" for a test-driver file or a scheme no libvirt driver has. A
 * test-driver file that is not there is said before libvirt is asked, which would let libxml2 print
 * its own warning on stderr.
 *
 * <h2>Domain capabilities over a read-write connection ({@link DomainCapabilitiesReader})</h2>
 *
 * <p>libvirt refuses the call on a read-only connection (it may probe the emulator), so inspect
 * reads through a read-write connection, its only one (over qemu+ssh:// each connection is a login
 * of its own); where libvirt refuses read-write, inspect reads read-only and the refusal is the
 * capabilities' answer. Asked over a read-only connection, the call fails saying so: no second
 * connection is opened for it.
 */
package io.virttune.libvirt;

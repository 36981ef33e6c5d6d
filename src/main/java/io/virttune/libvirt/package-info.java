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
 * <p>libvirt refuses the call on a read-only connection (it may probe the emulator), so an inspect,
 * which reads through one, asks over a read-write connection to the same URI opened for this alone,
 * on the first question, and closed with it; where that is not allowed, the refusal is the answer.
 */
package io.virttune.libvirt;

/**
 * Domain XML: parsed with nothing that could reach outside the text, then read and edited in place
 * through views on one jdom2 document, never rebuilt from objects.
 *
 * <h2>Keeping a definition's secrets ({@link DefinitionTransplant})</h2>
 *
 * <p>A plan is made from the definition without secrets (graphics passwords are left out of a plain
 * read), so defining the planned XML as it is would silently drop them. Plans change only disks,
 * IOThreads and memory backing (the corpus tests hold them to that), so exactly those parts are
 * taken from the planned definition and everything else from the current one; disks the plan leaves
 * alone stay as they are now too (an http disk's cookies, say, show only with secrets).
 *
 * <h2>Telling a Windows guest ({@link OsHints})</h2>
 *
 * <p>Whether a guest is Windows matters because its boot disk must not move to virtio before its
 * driver is bound.
 *
 * <p>The libosinfo id that virt-install and virt-manager record is the one explicit statement, so
 * it decides when it names an operating system. An id that names none (virt-install records {@code
 * http://libosinfo.org/unknown} when it was not told the OS) says nothing, so the clues decide as
 * if there were no id. Without an id, Hyper-V enlightenments are taken as Windows: they are set up
 * for Windows guests in practice. {@code clock offset='localtime'} alone also counts, because
 * Windows keeps the hardware clock in local time while Linux guests rarely do, and old Windows
 * definitions often have nothing else; mistaking Linux for Windows only makes the plan more
 * careful, while the opposite leaves a guest that cannot boot. The same goes for a variable clock
 * based on local time and the virtio-win driver ISO in a CD-ROM drive.
 */
package io.virttune.xml;

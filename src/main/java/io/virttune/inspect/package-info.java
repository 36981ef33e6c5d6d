/**
 * Inspection: the adapters' records of a host and its domains turned into immutable facts ({@link
 * HostFacts}) and findings with rule ids.
 *
 * <h2>What a Windows guest says of its drivers ({@link GuestDeviceReport})</h2>
 *
 * <p>qemu-ga's {@code guest-get-devices} (qga/qapi-schema.json, since QEMU 5.2; Windows only)
 * answers with a list of {@code GuestDeviceInfo}: {@code driver-name} (the device's name as Windows
 * shows it, DEVPKEY_NAME: viostor's INF calls its devices "Red Hat VirtIO SCSI controller"),
 * optional {@code driver-date} and {@code driver-version}, and {@code id} {@code {"type": "pci",
 * "vendor-id": N, "device-id": N}}. qga/commands-win32.c lists only devices with a Red Hat (1AF4,
 * 1B36) PCI hardware id and skips a device whose driver version it cannot read, so a disk without a
 * driver is simply not listed.
 *
 * <h2>One connection per inspection ({@link InspectionLibvirt})</h2>
 *
 * <p>Over qemu+ssh:// each connection is one more login, and one more password asked, so an
 * inspection opens one. It is opened read-write where the emulators' domain capabilities are read
 * (libvirt gives them only read-write), so that the guest agents answer over it too; read-only
 * where libvirt refuses read-write (a user it lets only read), that refusal being then what the
 * capabilities and the agents say; and read-only where nothing needs more, a guest agent asked then
 * over a read-write connection opened for the agents alone.
 */
package io.virttune.inspect;

#!/usr/bin/env bash
# Writes a libvirt test-driver node with N hosting-style domains to OUT: a mix of Windows guests
# with qcow2 on SATA plus a CD-ROM, Linux guests on virtio qcow2, and guests already on LVM, with a
# storage pool holding every image.
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: $0 N OUT.xml" >&2
  exit 2
fi
count=$1
out=$2

domain() {
  local i=$1 name uuid kind
  name=$(printf 'guest%04d' "$i")
  uuid=$(printf '7a1e0000-0000-4000-8000-%012d' "$i")
  kind=$((i % 3))
  cat <<XML
  <domain type='test' xmlns:test='http://libvirt.org/schemas/domain/test/1.0'>
    <name>$name</name>
    <uuid>$uuid</uuid>
    <memory unit='GiB'>4</memory>
    <vcpu placement='static'>2</vcpu>
    <os><type arch='x86_64' machine='pc-q35-7.2'>hvm</type></os>
    <test:runstate>5</test:runstate>
    <devices>
XML
  case $kind in
    0) cat <<XML
      <disk type='file' device='disk'>
        <driver name='qemu' type='qcow2'/>
        <source file='/var/lib/libvirt/images/$name.qcow2'/>
        <target dev='sda' bus='sata'/>
        <address type='drive' controller='0' bus='0' target='0' unit='0'/>
      </disk>
      <disk type='file' device='cdrom'>
        <driver name='qemu' type='raw'/>
        <target dev='sdb' bus='sata'/>
        <readonly/>
      </disk>
XML
      ;;
    1) cat <<XML
      <disk type='file' device='disk'>
        <driver name='qemu' type='qcow2'/>
        <source file='/var/lib/libvirt/images/$name.qcow2'/>
        <target dev='vda' bus='virtio'/>
      </disk>
XML
      ;;
    2) cat <<XML
      <disk type='block' device='disk'>
        <driver name='qemu' type='raw'/>
        <source dev='/dev/vg_guests/$name-disk0'/>
        <target dev='vda' bus='virtio'/>
      </disk>
XML
      ;;
  esac
  cat <<XML
    </devices>
  </domain>
XML
}

volume() {
  local name
  name=$(printf 'guest%04d' "$1")
  cat <<XML
    <volume type='file'>
      <name>$name.qcow2</name>
      <capacity unit='GiB'>60</capacity>
      <allocation unit='GiB'>7</allocation>
      <target><path>/var/lib/libvirt/images/$name.qcow2</path><format type='qcow2'/></target>
    </volume>
XML
}

{
  echo "<node>"
  for ((i = 0; i < count; i++)); do domain "$i"; done
  cat <<XML
  <pool type='dir'>
    <name>default</name>
    <uuid>7a1e0000-0000-4000-8000-ffffffffffff</uuid>
    <capacity unit='TiB'>100</capacity>
    <allocation unit='TiB'>10</allocation>
    <available unit='TiB'>90</available>
    <target><path>/var/lib/libvirt/images</path></target>
XML
  for ((i = 0; i < count; i++)); do ((i % 3 == 2)) || volume "$i"; done
  echo "  </pool>"
  echo "</node>"
} >"$out"

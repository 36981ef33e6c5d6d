#!/bin/sh
# virt-tune snippet for hv01: resize the hugepage pools now, without a reboot
#
# What: the run-time equivalent of grub-hugepages.cfg (default_hugepagesz=2M hugepagesz=2M hugepages=12288), written per NUMA node
#   where the host has several, through sysfs and /proc/sys/vm/nr_hugepages (sysctl).
# Why: a guest backed by hugepages starts only when the pool holds all of its memory; the GRUB
#   line applies at the next boot, this applies now.
# Caveat: the kernel builds pages only from free contiguous memory; on a host that has run for a
#   while it may get fewer than asked (the script says so). Shrinking frees only unused pages.
# Apply: sh hugepages-runtime.sh (as root)
# Revert: sh hugepages-runtime.sh revert (writes back the counts the host had when inspected)
set -eu

set_pages() {
  echo "$2" > "$1"
  got=$(cat "$1")
  if [ "$got" -ne "$2" ]; then
    echo "warning: $1 holds $got pages, not $2: memory is fragmented; reboot with the GRUB line" >&2
  fi
}

case "${1:-apply}" in
  apply)
    set_pages /sys/devices/system/node/node0/hugepages/hugepages-2048kB/nr_hugepages 6144
    set_pages /sys/devices/system/node/node1/hugepages/hugepages-2048kB/nr_hugepages 6144
    ;;
  revert)
    set_pages /sys/devices/system/node/node0/hugepages/hugepages-2048kB/nr_hugepages 6144
    set_pages /sys/devices/system/node/node1/hugepages/hugepages-2048kB/nr_hugepages 6144
    ;;
  *)
    echo "usage: $0 [apply|revert]" >&2
    exit 2
    ;;
esac

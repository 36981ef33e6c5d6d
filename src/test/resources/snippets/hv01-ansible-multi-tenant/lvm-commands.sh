#!/bin/sh
# virt-tune snippet for hv01: LVM commands for guest storage, to review and run by hand
#
# What: (1) new volume groups with 256 MiB extents, (2) thin pools with 4 MiB chunks,
#   (3) read-ahead off on the LVs that back guest disks. Sections 1 and 2 are commented out:
#   they need your decision; section 3 runs when this file is run.
# Why: raw LVs instead of qcow2 files were the source's biggest win (writes +58%, reads +25%
#   with the rest of the recipe). It used 256 MiB extents, 4 MiB thin chunks with -Zn, and
#   read-ahead off: the guest reads ahead for itself, so the host's read-ahead on its LV only
#   reads data nobody asked for.
# Apply: as root, uncomment and adapt what you choose in 1 and 2; sh lvm-commands.sh for 3.
# Revert: given with each command.
set -eu

# 1. A new volume group for guest disks, 256 MiB extents (LVM's default is 4 MiB). An existing
#    VG keeps its extent size. TRIM the new SSD partition first, so the drive knows it is empty
#    (see over-provisioning.md); blkdiscard DESTROYS the data on DEVICE:
#      blkdiscard /dev/DEVICE
#      vgcreate -s 256M vg_vm /dev/DEVICE
#    Revert: vgremove vg_vm (while it holds no LV).

# 2. Thin pools with 4 MiB chunks. Sized from each VG's free space, leaving the 10%
#    over-provisioning reserve unallocated and room for the pool's metadata and its spare;
#    metadata is twice LVM's estimate (64 bytes per chunk), at least 4 MiB, in whole extents.
#    Zeroing stays on (-Zy): this host serves several customers (--multi-tenant).
#    Thin volumes then come from the pool: lvcreate -V 40G -T VG/POOL -n NAME
#    Revert: lvremove VG/POOL (removes every thin volume in it).
#    lvcreate --type thin-pool -L 225536m --chunksize 4M --poolmetadatasize 256m -Zy -n thinpool vg_fast
#    vg_guests: no room for a new pool beyond the reserve (39.8 GiB free of 480.0 GiB)

# 3. Read-ahead off on the LVs that back guest disks (3 found).
# db01 vda; now auto; revert: lvchange -r auto vg_guests/db01-disk0
lvchange -r 0 vg_guests/db01-disk0
# db02 vda; now auto; revert: lvchange -r auto vg_guests/db02-root
lvchange -r 0 vg_guests/db02-root
# db02 vdb; now auto; revert: lvchange -r auto vg_guests/db02-data
lvchange -r 0 vg_guests/db02-data

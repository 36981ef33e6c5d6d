#!/usr/bin/env bash
# Starts virtlogd and libvirtd by hand (these machines have no systemd) unless libvirtd already
# answers on qemu:///system. Idempotent.
set -euo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

if timeout 5 virsh -c qemu:///system version >/dev/null 2>&1; then
  exit 0
fi
getent group kvm >/dev/null || groupadd -r kvm
getent group libvirt-qemu >/dev/null || groupadd -r libvirt-qemu
getent passwd libvirt-qemu >/dev/null || useradd -r -g kvm -d /var/lib/libvirt -s /usr/sbin/nologin libvirt-qemu
mkdir -p /var/log/libvirt /run/libvirt /var/lib/libvirt/images
pgrep -x virtlogd >/dev/null || virtlogd -d
pgrep -x libvirtd >/dev/null || libvirtd -d
for _ in $(seq 1 50); do
  if timeout 5 virsh -c qemu:///system version >/dev/null 2>&1; then
    log "libvirtd is up"
    exit 0
  fi
  sleep 0.2
done
echo "error: libvirtd did not answer on qemu:///system within 10 s" >&2
exit 1

#!/usr/bin/env bash
# Records the real guest-agent replies and /proc/diskstats samples these tests replay.
# Run from the project root (builds the guest, boots it in the lab's libvirtd, writes here):
#   src/test/resources/io/virttune/bench/lab/record.sh
# Inside the lab: the guest's qcow2 lives on ext4 on a linear LV (so the host side has real
# device-mapper counters), fio runs in the guest on its SATA scratch disk through guest-exec.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project=$(cd "$here/../../../../../../.." && pwd)
if [[ ${VTLAB:-} != 1 ]]; then
  "$project/scripts/guest/build.sh" >/dev/null
  exec "$project/scripts/lab" run --disk pv0:1G --libvirtd --qemu-as-root --timeout 900 -- "$here/record.sh"
fi
template=$project/src/main/resources/templates/fio/crystaldiskmark.fio
virsh() { command virsh -q -c qemu:///system "$@"; }
agent() { virsh qemu-agent-command --timeout 30 vt-record "$1"; }

pvcreate -q /dev/ubda >/dev/null
vgcreate -q -s 4M vt /dev/ubda >/dev/null
lvcreate -q -Zn -Wn -L 600M -n images vt >/dev/null
mkfs.ext4 -q /dev/vt/images
mkdir -p /run/images && mount /dev/vt/images /run/images
qemu-img create -q -f qcow2 /run/images/disk.qcow2 256M
sed -e "s|@NAME@|vt-record|" -e "s|@KERNEL@|$project/build/guest/vmlinuz|" \
  -e "s|@INITRD@|$project/build/guest/initramfs.gz|" -e "s|@ACTION@|agent|" \
  -e "s|@DISK@|/run/images/disk.qcow2|" -e "s|@CONSOLE@|/run/images/console.log|" \
  "$project/scripts/guest/domain.xml" > /run/images/domain.xml
virsh define /run/images/domain.xml >/dev/null
virsh start vt-record >/dev/null
agent '{"execute":"guest-ping"}' > /dev/null 2> "$here/ping-not-connected.stderr" || true
for ((i = 0; i < 240; i++)); do
  agent '{"execute":"guest-ping"}' > "$here/ping.json" 2>/dev/null && break
  sleep 1
done
virsh dumpxml vt-record > "$here/running-domain.xml"
# The name /proc/diskstats uses (dm-0), found by major:minor as virt-tune finds it.
dm=$(basename "$(readlink -f "/sys/dev/block/$((0x$(stat -L -c %t /dev/vt/images))):$((0x$(stat -L -c %T /dev/vt/images)))")")
echo "$dm" > "$here/diskstats.device"

agent '{"execute":"guest-exec","arguments":{"path":"/nonexistent/fio","arg":["--version"],"capture-output":true}}' \
  > /dev/null 2> "$here/exec-missing.stderr" || true
agent '{"execute":"guest-exec","arguments":{"path":"fio","arg":["--version"],"capture-output":true}}' > "$here/exec-version.json"
pid=$(grep -o '"pid":[0-9]*' "$here/exec-version.json" | cut -d: -f2)
sleep 2
agent "{\"execute\":\"guest-exec-status\",\"arguments\":{\"pid\":$pid}}" > "$here/status-version.json"

sample() { { cat /proc/uptime; cat /proc/diskstats; } > "$here/diskstats.$1"; }
input=$(base64 -w0 < "$template")
sample before
agent "{\"execute\":\"guest-exec\",\"arguments\":{\"path\":\"fio\",\"arg\":[\"--output-format=json\",\"--section=seq1m_q8t1_read\",\"--section=seq1m_q8t1_write\",\"--section=rnd4k_q32t1_read\",\"--section=rnd4k_q32t1_write\",\"-\"],\"env\":[\"VT_FILE=/dev/sda\",\"VT_SIZE=32m\",\"VT_RUNTIME=3\",\"VT_LOOPS=1\"],\"input-data\":\"$input\",\"capture-output\":true}}" > "$here/exec-fio.json"
pid=$(grep -o '"pid":[0-9]*' "$here/exec-fio.json" | cut -d: -f2)
agent "{\"execute\":\"guest-exec-status\",\"arguments\":{\"pid\":$pid}}" > "$here/status-running.json"
for ((i = 0; i < 120; i++)); do
  agent "{\"execute\":\"guest-exec-status\",\"arguments\":{\"pid\":$pid}}" > "$here/status-fio.json"
  grep -q '"exited":true' "$here/status-fio.json" && break
  sleep 1
done
sample after
agent "{\"execute\":\"guest-exec\",\"arguments\":{\"path\":\"fio\",\"arg\":[\"--output-format=json\",\"--section=seq1m_q8t1_write\",\"-\"],\"env\":[\"VT_FILE=/proc/version\",\"VT_SIZE=32m\",\"VT_RUNTIME=1\",\"VT_LOOPS=1\"],\"input-data\":\"$input\",\"capture-output\":true}}" > "$here/exec-fio-fail.json"
pid=$(grep -o '"pid":[0-9]*' "$here/exec-fio-fail.json" | cut -d: -f2)
for ((i = 0; i < 60; i++)); do
  agent "{\"execute\":\"guest-exec-status\",\"arguments\":{\"pid\":$pid}}" > "$here/status-fio-fail.json"
  grep -q '"exited":true' "$here/status-fio-fail.json" && break
  sleep 1
done
virsh destroy vt-record >/dev/null
echo recorded

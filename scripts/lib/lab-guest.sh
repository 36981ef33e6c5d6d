# The lab's test guest driven from inside a lab run (scripts/lab run --libvirtd), for the scripts
# that measure it: defined, booted and given programs to run through its guest agent.
# shellcheck shell=bash

lab_virsh() {
  virsh -q -c qemu:///system "$@"
}

# DOMAIN JSON: the guest agent's reply's "return".
guest_agent() {
  lab_virsh qemu-agent-command --timeout 30 "$1" "$2" | jq -c .return
}

# DOMAIN SCRIPT: starts SCRIPT under the guest's sh; prints its pid.
guest_run() {
  guest_agent "$1" "$(jq -nc --arg s "$2" \
    '{execute: "guest-exec", arguments: {path: "/bin/sh", arg: ["-c", $s], "capture-output": true}}')" | jq .pid
}

# DOMAIN PID: waits up to 10 minutes for the guest's program to end; prints its stdout.
guest_output() {
  local status i
  for ((i = 0; i < 600; i++)); do
    status=$(guest_agent "$1" "{\"execute\":\"guest-exec-status\",\"arguments\":{\"pid\":$2}}")
    if [[ $(jq .exited <<<"$status") == true ]]; then
      jq -r '."out-data" // ""' <<<"$status" | base64 -d
      return 0
    fi
    sleep 1
  done
  echo "the guest's program $2 in $1 never ended" >&2
  return 1
}

# NAME IMAGE [DEV BUS]: defines the test guest NAME on the qcow2 IMAGE, its disk sda on SATA or
# DEV on BUS; its console goes to IMAGE's directory.
guest_define() {
  local name=$1 image=$2 dev=${3:-sda} bus=${4:-sata} xml
  xml=$(dirname "$image")/$name.xml
  "$(project_root)/scripts/guest/domain-xml" "$name" "$image" "$(dirname "$image")/$name.console" agent |
    sed "s|<target dev='sda' bus='sata'/>|<target dev='$dev' bus='$bus'/>|" >"$xml"
  lab_virsh define "$xml" >/dev/null
}

# NAME: starts the guest and waits up to 5 minutes for its agent.
guest_boot() {
  local i
  lab_virsh start "$1" >/dev/null
  for ((i = 0; i < 300; i++)); do
    lab_virsh qemu-agent-command --timeout 5 "$1" '{"execute":"guest-ping"}' >/dev/null 2>&1 && return 0
    sleep 1
  done
  cat "$(lab_virsh dumpxml "$1" | sed -n "s|.*<source path='\([^']*\.console\)'.*|\1|p")" >&2
  echo "$1's guest agent never answered" >&2
  return 1
}

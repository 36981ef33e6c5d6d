#!/usr/bin/env bash
# Benchmark: a running guest's disk moved live by virt-tune, beside the same disk moved offline, in
# one lab run (scripts/lab run --libvirtd). The disk is conversion.sh's: an 8 GiB qcow2 with 1 GiB
# of data in 16 runs, a fresh copy of it for each case, on SATA in the lab's test guest (TCG).
# Usage: scripts/bench/live-move.sh [--suite bookworm|trixie|forky] [--target thin|linear] [--zero n|y] [--idle-only]
# Each case is virt-tune plan then virt-tune apply --execute into a fresh thin LV of one thin pool
# (4 MiB chunks and zeroing off; with --zero y, 64 KiB chunks zeroed, the recipe's pair), timed from apply's start to its end, in a lab of the
# suite (bookworm by default); with --target linear into a fresh linear LV of the VG instead (plan
# --vg; no pool, no reclaim, so that the pause holds only what every pause has; --zero unused and
# the thin figures "none"). In a pool that zeroes new chunks apply tells the mirror that its
# fresh thin LV reads as zeros, which a stack that can skip them does (forky; docs/live.md):
#   offline:   the guest shut off (qemu-img convert, then the define);
#   live first, live idle: the guest running, doing nothing (block copy, then the pivot), twice;
#   live busy: the guest running fio, 4k random writes at queue depth 8 on that disk, for the
#              whole move, planned as the idle one (--live, background copying); its write IOPS
#              are measured alone before (RUNTIME seconds) and over the move. Background copying
#              never converges under these writes: apply copies again with synchronous writes
#              once the copy has gone 2 minutes without getting closer (busy_copied_again=1).
#              --idle-only leaves it out (its figures then read "none"): on a loaded machine it
#              takes ten times the others;
#   live busy again: the same on a fresh copy, predicted with the first busy move's journal, which
#              says how fast its guest wrote during the copy beside plan's sample before it.
# apply pauses the guest for each pivot (QEMU 7.2 can abort at a pivot under guest writes,
# docs/live.md): the pause, as apply reports it, is in the summary too, with its parts.
# The thin LV's allocation is read after the idle live move, and each second during it (its peak),
# the qcow2's data from qemu-img map.
# Predicted, actual and floor, side by side for each live case's copy and pause, and the copy's
# prediction off by how much (predicted / actual - 1):
#   predicted: plan's schedule (--window 24h, no --copy-rate), schedule.live[].copySeconds, and
#              its pause: pauseSeconds (a paused compare's) and switchMillis (each switch at the
#              median of this host's earlier switches, their journals; 0 before any: "unknown").
#              The copy is what
#              the mirror writes, the whole virtual disk (its data only with --zero y where the
#              mirror skips zeros, forky). A first idle live move (live first, before
#              the idle one) is this host's first: all its mirror writes at the pace of vt-first's
#              own mirror that virt-tune calibrate --mirror timed into the target for 20 s just
#              before, then aborted (the guest stays on its source); the idle and busy cases at the
#              pace of the earlier live copies (their journals), as plan predicts a host's live
#              copies once it has made some;
#   actual:    apply --json's copies.tookSeconds (the block copy and its switch, journaled) and
#              copies.pause.tookMillis (the guest paused, suspend to resume, journaled);
#   floor:     the copy: qemu-img convert of the same image into a fresh thin LV, nothing else
#              running, no verify; the pause: its parts every pause has (suspend, pivot, resume),
#              read from apply's pause line, in the same move.
# Last line: suite=... target=... zero=... live_idle_s=... live_busy_s=... offline_s=... thin_allocated_bytes=...
#   thin_peak_bytes_idle=... image_allocated_bytes=... guest_write_iops_before=... guest_write_iops_during=...
#   pivot_pause_ms_idle=... pivot_pause_ms_busy=... busy_copied_again=... copy_floor_s=...
#   live_first_s=... first_copy_predicted_s=... first_copy_s=... first_copy_off=...
#   first_copy_basis="..." idle_copy_predicted_s=... idle_copy_s=... idle_pause_predicted_s=... idle_pause_predicted_ms=... idle_pause_ms=...
#   idle_copy_off=... idle_copy_basis="..." idle_pause_floor_ms=... busy_copy_predicted_s=...
#   busy_copy_s=... busy_copy_off=... busy_copy_basis="..." busy_pause_predicted_s=... busy_pause_predicted_ms=...
#   busy_pause_ms=... busy_pause_floor_ms=... live_busy_again_s=... guest_write_iops_before_again=...
#   guest_write_iops_during_again=... busy_again_copy_predicted_s=... (the busy_ figures of the second)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project=$(cd "$here/../.." && pwd)
readonly here project VG=vt POOL=pool FIO_WRITES="--name=writes --filename=/dev/sda --rw=randwrite --bs=4k \
--iodepth=8 --ioengine=libaio --direct=1 --time_based --output-format=json"
RUNTIME=${RUNTIME:-15}

inside() {
  work=$1
  source_image=$2
  zero=$3
  busy=$4
  target=$5
  t0=$SECONDS
  step() { echo "live-move: [$((SECONDS - t0)) s] $*" >&2; }
  write_iops() { sed -n '/^{/,$p' | jq '.jobs[0].write.iops | round'; } # fio may print a line before its JSON
  allocated() { # LV: bytes the thin pool provisioned for it, "none" for a linear LV
    lvm lvs --noheadings --units b --nosuffix -o lv_size,data_percent "$VG/$1" |
      awk '$2 == "" { printf "none"; next } { printf "%.0f", $1 * $2 / 100 }'
  }
  define() { # DOMAIN: a fresh copy of the source image, the test guest on it
    cp --sparse=always "$source_image" "/run/images/$1.qcow2"
    guest_define "$1" "/run/images/$1.qcow2"
  }
  # The lab's disks are files in the host's page cache: an 8 GiB mirror leaves gigabytes of it to
  # write back, which throttled the next case's copy (an idle copy at 60% of the first's pace a
  # minute later). Each case (and the busy guest's writes alone before its move) starts with the lab's disks written through (ubd's flush fsyncs its
  # host file) and the lab's caches dropped; how long that took says what the last case left.
  settle() {
    local start=$SECONDS
    sync && echo 3 >/proc/sys/vm/drop_caches
    step "settled: the lab's disks written through in $((SECONDS - start)) s"
  }
  move() { # DOMAIN PLAN-OPTION...: plans and applies; prints apply's seconds
    local domain=$1 start
    shift
    "$project/scripts/virt-tune" plan "$domain" "${into[@]}" --no-hugepages "$@" --out "$work/$domain.plan" >&2
    start=$(date +%s.%N)
    # Its results (with each copy and pause beside their prediction) on stdout, its progress on stderr.
    if ! "$project/scripts/virt-tune" apply "$work/$domain.plan" --execute --json --state-dir "$work/state" \
      >"$work/$domain.json" 2>"$work/$domain.apply"; then
      cat "$work/$domain.apply" >&2
      exit 1
    fi
    cat "$work/$domain.apply" >&2
    awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'
  }
  pivot_pause_ms() { # DOMAIN: how long apply paused the guest for its pivot, as apply said
    sed -n 's/.*the guest was paused \([0-9]*\) ms for the pivot.*/\1/p' "$work/$1.apply" | tail -1
  }
  pause_floor_ms() { # DOMAIN: the parts of its last pause any pause has: suspend, pivot, resume
    sed -n 's/.*the guest was paused [0-9]* ms for the pivot.* (\(.*\) ms)$/\1/p' "$work/$1.apply" | tail -1 |
      tr ',' '\n' | awk '$1 == "suspend" || $1 == "pivot" || $1 == "resume" { sum += $2 } END { print sum + 0 }'
  }
  predicted() { # DOMAIN FIELD: schedule.live[0].FIELD of its plan
    jq -r ".schedule.live[0].$2 // \"none\"" "$work/$1.plan"
  }
  took() { # DOMAIN JQ-PATH: a field of its copies in apply --json
    jq -r ".domains[0].copies$2 // \"none\"" "$work/$1.json"
  }
  off_by() { # DOMAIN: its copy's prediction beside what it took, in percent
    awk -v p="$(predicted "$1" copySeconds)" -v a="$(took "$1" .tookSeconds)" 'BEGIN { printf "%+.0f%%", (p / a - 1) * 100 }'
  }
  predicted_pause() { # DOMAIN: its pause as its plan predicts it, as plan prints it: "4s + 535 ms", "535 ms", "unknown"
    local compare switches
    compare=$(predicted "$1" pauseSeconds)
    switches=$(predicted "$1" switchMillis | sed 's/^0$/unknown/; s/^[0-9]*$/& ms/')
    if [[ $compare == 0 || $compare == none ]]; then echo "$switches"; else echo "${compare}s + $switches"; fi
  }
  side_by_side() { # DOMAIN: its copy and pause, predicted, actual, floor; the copy's prediction off by
    printf '%-10s %-6s %10s %10s %10s %8s\n' "$1" copy "$(predicted "$1" copySeconds) s" "$(took "$1" .tookSeconds) s" \
      "$copy_floor_s s" "$(off_by "$1")" >&2
    printf '%-10s %-6s %10s %10s %10s\n' "$1" pause "$(predicted_pause "$1")" \
      "$(took "$1" .pause.tookMillis) ms" "$(pause_floor_ms "$1") ms" >&2
  }
  sample_allocation() { # LV-PREFIX FILE: each second, the bytes the pool provisioned for LVs named LV-PREFIX*
    while :; do
      lvm lvs --noheadings --units b --nosuffix -o lv_name,lv_size,data_percent "$VG" 2>/dev/null |
        awk -v p="$1" 'index($1, p) == 1 && $3 != "" { printf "%.0f\n", $2 * $3 / 100 }'
      sleep 1
    done >>"$2"
  }
  busy_fields() { # PREFIX DOMAIN: a busy case's part of the last line, "none" when it was left out
    local prefix=$1 domain=$2
    if [[ $busy == n ]]; then
      echo "${prefix}_copy_predicted_s=none ${prefix}_copy_s=none ${prefix}_copy_off=none ${prefix}_copy_basis=none" \
        "${prefix}_pause_predicted_s=none ${prefix}_pause_predicted_ms=none ${prefix}_pause_ms=none ${prefix}_pause_floor_ms=none"
      return
    fi
    echo "${prefix}_copy_predicted_s=$(predicted "$domain" copySeconds) ${prefix}_copy_s=$(took "$domain" .tookSeconds)" \
      "${prefix}_copy_off=$(off_by "$domain") ${prefix}_copy_basis=\"$(jq -r '.schedule.live[0].disks[0].basis' "$work/$domain.plan")\"" \
      "${prefix}_pause_predicted_s=$(predicted "$domain" pauseSeconds) ${prefix}_pause_predicted_ms=$(predicted "$domain" switchMillis)" \
      "${prefix}_pause_ms=$(took "$domain" .pause.tookMillis)" \
      "${prefix}_pause_floor_ms=$(pause_floor_ms "$domain")"
  }
  busy_move() { # DOMAIN: the guest writing for the whole move; sets live_busy_s, before, during, pause_ms, copied_again
    local domain=$1 writer
    define "$domain"
    guest_boot "$domain"
    settle
    before=$(guest_output "$domain" "$(guest_run "$domain" "fio $FIO_WRITES --runtime=$RUNTIME")" | write_iops)
    step "$domain: $before write IOPS before the move ($RUNTIME s)"
    writer=$(guest_run "$domain" "fio $FIO_WRITES --runtime=86400 --output=/tmp/during.json")
    # plan samples the guest's writes for 2 s: taken as fio starts, it read 452 and 3158 writes a
    # second of one job that wrote about 1150 alone; a guest an operator moves writes at its pace.
    sleep 5
    if [[ $domain == vt-busy ]]; then
      # This host's first busy move has no busy copy journaled to be predicted by: its own mirror,
      # timed while its guest writes as it will during the move, gives the busy first pass's pace.
      step "$domain: calibrate --mirror $domain, 20 s of its mirror while its guest writes"
      "$project/scripts/virt-tune" calibrate "${into[@]}" --mirror "$domain" --execute --state-dir "$work/state" >&2
      settle
    fi
    # Background copying never converged under these writes (at 90% after 35 s, still short of ready
    # 25 min later): each new 4k write dirties another part of the 8 GiB faster than the mirror
    # copies it back. apply sees the copy stall and copies again with synchronous writes, which
    # write the guest's writes to both sides, so the copy only has to catch up once.
    live_busy_s=$(move "$domain" --live "${scheduled[@]}")
    copied_again=$(grep -c "copying again with synchronous writes" "$work/$domain.apply" || true)
    # fio ends its run on SIGINT and writes its report.
    guest_run "$domain" "kill -INT \$(pidof fio)" >/dev/null
    guest_output "$domain" "$writer" >/dev/null
    guest_output "$domain" "$(guest_run "$domain" "cat /tmp/during.json")" >"$work/$domain.during.json"
    during=$(write_iops <"$work/$domain.during.json")
    pause_ms=$(pivot_pause_ms "$domain")
    step "$domain: ${live_busy_s} s, $during write IOPS during the move, paused $pause_ms ms for the pivot"
    retire "$domain"
  }
  lv_of() { # DOMAIN: the LV its disk is on now
    lab_virsh dumpxml "$1" | grep -o "source dev='/dev/$VG/[^']*'" | sed "s|.*/||; s|'||"
  }
  retire() { # DOMAIN: its LV goes, so that the pool holds one case at a time
    local lv
    lv=$(lv_of "$1")
    lab_virsh destroy "$1" >/dev/null 2>&1 || true
    lab_virsh undefine "$1" >/dev/null
    lvm lvremove -q --yes "$VG/$lv" >/dev/null
    rm -f "/run/images/$1.qcow2"
  }

  # The plans' paces come from this run's journals and calibration only.
  rm -rf "$work/state" "$work"/vt-*.{plan,json,apply} "$work/idle.allocation"
  lvm pvcreate -q /dev/ubda >/dev/null
  lvm vgcreate -q -s 4M "$VG" /dev/ubda >/dev/null
  # The images' filesystem holds the busy guest's qcow2 as it grows: random 4k writes over its
  # 8 GiB allocate a cluster each, and a full filesystem would pause the guest (ENOSPC).
  lvm lvcreate -q -Zn -Wn -L 14G -n images "$VG" >/dev/null
  mkfs.ext4 -q "/dev/$VG/images"
  mkdir -p /run/images && mount "/dev/$VG/images" /run/images
  # Where plan, calibrate and the floor put their LVs: the thin pool, or the VG's free space.
  into=(--vg "$VG") fresh_lv=(-L 8G) target_is_zero=()
  if [[ $target == thin ]]; then
    # The recipe's chunks (Recipe.THIN_CHUNK_BYTES and THIN_CHUNK_ZEROED_BYTES): a zeroing pool zero-fills
    # a whole chunk at each first write into it, which with 4 MiB chunks made each of a busy guest's
    # 4k random writes into a fresh LV cost a 4 MiB write (LVM warns so at lvcreate).
    local chunk=4M
    [[ $zero == n ]] || chunk=64K
    lvm lvcreate -q --yes --type thin-pool -L 10G --chunksize "$chunk" --zero "$zero" -n "$POOL" "$VG" >/dev/null
    into=(--thin-pool "$VG/$POOL") fresh_lv=(--type thin -V 8G --thinpool "$VG/$POOL") target_is_zero=(--target-is-zero)
  fi
  step "calibrate: the $target target's direct-I/O write and read, kept where the plans read it"
  "$project/scripts/virt-tune" calibrate "${into[@]}" --execute --state-dir "$work/state" >&2

  step "offline: the guest shut off"
  define vt-offline
  settle
  offline_s=$(move vt-offline)
  step "offline: ${offline_s} s, LV allocated $(allocated "$(lv_of vt-offline)") bytes"
  retire vt-offline

  # A linear LV may hold old data: the floor writes its zeros too, as apply's copy does.
  step "floor: qemu-img convert of the image into a fresh $target LV, no verify"
  lvm lvcreate -q "${fresh_lv[@]}" -n floor "$VG" >/dev/null
  settle
  start=$(date +%s.%N)
  qemu-img convert -n "${target_is_zero[@]}" -f qcow2 -O raw -t none "$source_image" "/dev/$VG/floor"
  copy_floor_s=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  lvm lvremove -q --yes "$VG/floor" >/dev/null
  step "floor: ${copy_floor_s} s"
  # Live moves planned with a schedule: the offline case's journal gives the pace.
  scheduled=(--window 24h --state-dir "$work/state")

  # The first live move is predicted from no live copy; the second from the first's journal.
  step "live, first: the guest running, doing nothing, this host's first live move"
  define vt-first
  guest_boot vt-first
  settle
  # Its own QEMU bounds a live copy as no write of calibrate's does: its mirror, timed and aborted.
  step "live, first: calibrate --mirror vt-first, 20 s of its mirror into the $target target"
  "$project/scripts/virt-tune" calibrate "${into[@]}" --mirror vt-first --execute --state-dir "$work/state" >&2
  settle
  live_first_s=$(move vt-first --live "${scheduled[@]}")
  step "live, first: ${live_first_s} s"
  retire vt-first

  step "live, idle: the guest running, doing nothing"
  define vt-idle
  guest_boot vt-idle
  settle
  # Sampled beside the move (an lvs each second, which holds LVM's lock a moment): the peak shows
  # whether the mirror wrote the zeros, which the reclaim gives back before the allocation below.
  sample_allocation vt-idle- "$work/idle.allocation" &
  sampler=$!
  live_idle_s=$(move vt-idle --live "${scheduled[@]}")
  kill "$sampler"
  peak=$(sort -n "$work/idle.allocation" | tail -1)
  peak=${peak:-none} # a linear LV has no allocation to sample
  thin=$(allocated "$(lv_of vt-idle)")
  idle_pause_ms=$(pivot_pause_ms vt-idle)
  step "live, idle: ${live_idle_s} s, LV allocated $thin bytes (at most $peak during the move), paused $idle_pause_ms ms for the pivot"
  retire vt-idle

  live_busy_s=none before=none during=none pause_ms=none copied_again=none
  busy_again_s=none before_again=none during_again=none
  if [[ $busy == y ]]; then
    step "live, busy: the guest writing 4k random at QD8 on the disk"
    busy_move vt-busy
    # The second busy move is predicted from the first's journal: how much slower its guest wrote
    # under the mirror than plan sampled it before (docs/plan.md), which plan starts no mirror to see.
    step "live, busy again: the same, predicted from the first busy move's journal"
    first=("$live_busy_s" "$before" "$during" "$pause_ms" "$copied_again")
    busy_move vt-busy2
    busy_again_s=$live_busy_s before_again=$before during_again=$during
    read -r live_busy_s before during pause_ms copied_again <<<"${first[*]}"
  fi

  image_allocated=$(qemu-img map --output=json "$source_image" | jq '[.[] | select(.data) | .length] | add')
  printf '%-10s %-6s %10s %10s %10s %8s\n' CASE PART PREDICTED ACTUAL FLOOR OFF >&2
  side_by_side vt-first
  side_by_side vt-idle
  [[ $busy == n ]] || { side_by_side vt-busy; side_by_side vt-busy2; }
  echo "suite=${VTLAB_SUITE:-bookworm} target=$target zero=$zero live_idle_s=$live_idle_s live_busy_s=$live_busy_s offline_s=$offline_s thin_allocated_bytes=$thin" \
    "thin_peak_bytes_idle=$peak" \
    "image_allocated_bytes=$image_allocated guest_write_iops_before=$before guest_write_iops_during=$during" \
    "pivot_pause_ms_idle=$idle_pause_ms pivot_pause_ms_busy=$pause_ms busy_copied_again=$copied_again" \
    "copy_floor_s=$copy_floor_s live_first_s=$live_first_s" \
    "first_copy_predicted_s=$(predicted vt-first copySeconds) first_copy_s=$(took vt-first .tookSeconds)" \
    "first_copy_off=$(off_by vt-first) first_copy_basis=\"$(jq -r '.schedule.live[0].disks[0].basis' "$work/vt-first.plan")\"" \
    "idle_copy_predicted_s=$(predicted vt-idle copySeconds) idle_copy_s=$(took vt-idle .tookSeconds)" \
    "idle_copy_off=$(off_by vt-idle) idle_copy_basis=\"$(jq -r '.schedule.live[0].disks[0].basis' "$work/vt-idle.plan")\"" \
    "idle_pause_predicted_s=$(predicted vt-idle pauseSeconds) idle_pause_predicted_ms=$(predicted vt-idle switchMillis)" \
    "idle_pause_ms=$(took vt-idle .pause.tookMillis)" \
    "idle_pause_floor_ms=$(pause_floor_ms vt-idle)" "$(busy_fields busy vt-busy)" \
    "live_busy_again_s=$busy_again_s guest_write_iops_before_again=$before_again guest_write_iops_during_again=$during_again" \
    "$(busy_fields busy_again vt-busy2)"
}

# shellcheck source=../lib/common.sh
source "$project/scripts/lib/common.sh"
# shellcheck source=../lib/lab-guest.sh
source "$project/scripts/lib/lab-guest.sh"
if [[ ${1:-} == --inside ]]; then
  inside "$2" "$3" "$4" "$5" "$6"
  exit
fi
suite=bookworm target=thin zero=n busy=y
while (($#)); do
  case $1 in
    --suite) suite=${2:?--suite needs bookworm, trixie or forky}; shift 2 ;;
    --target) target=${2:?--target needs thin or linear}; shift 2 ;;
    --zero) zero=${2:?--zero needs n or y}; shift 2 ;;
    --idle-only) busy=n; shift ;;
    *) die "unknown option '$1' (--suite SUITE, --target thin|linear, --zero n|y, --idle-only)" ;;
  esac
done
[[ $zero == [ny] ]] || die "--zero needs n or y, not '$zero'"
[[ $target == thin || $target == linear ]] || die "--target needs thin or linear, not '$target'"
ensure_packages "${TEST_PACKAGES[@]}" jq
"$project/scripts/guest/build.sh" >/dev/null
ensure_jar
work=$project/build/bench-live/$suite-$target # one per suite and target: two can be measured at once
mkdir -p "$work"
chmod 0755 "$project/build/bench-live" "$work"
ensure_bench_image "$project/build/bench-live/source.qcow2"
log "moving inside the lab, Debian $suite, into a $target LV, pool zeroing $zero (output is shown when the lab stops)"
# The lab replays the command's stdout, then its stderr: stdout is printed after both, so that the
# figures are the last line.
"$project/scripts/lab" run --suite "$suite" --disk pv0:28G --libvirtd --qemu-as-root --timeout 3600 \
  --env "RUNTIME=$RUNTIME" -- "$here/live-move.sh" --inside "$work" "$project/build/bench-live/source.qcow2" "$zero" \
  "$busy" "$target" >"$work/lab-$suite-$target.stdout"
cat "$work/lab-$suite-$target.stdout"

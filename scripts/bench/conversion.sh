#!/usr/bin/env bash
# Benchmark: lab.md's conversion table reproduced with the project's own code, inside the lab.
# Usage: scripts/bench/conversion.sh [--suite bookworm|trixie]   (RUNS=3 by default)
# A sparse 8 GiB qcow2 with 1 GiB of data in 16 runs spread across it is copied into thin LVs
# (4 MiB chunks, zeroing off). One calibration copy, then RUNS rounds, each of:
#   (b) the chosen method, LvConversion into a fresh thin LV (FRESH_THIN_VOLUME; the copy timed
#       until qemu-img exits, its verify apart), beside what plan predicted for the copy and its
#       verify from the paces of the copies before it (the median, as plan reads apply's journals);
#   qemu-img alone, the chosen copy's command line run by the shell;
#   (c) `dd` of the allocated bytes with oflag=direct into a thin LV, flushed at its end (conv=fsync) as
#       the copy is, and once more without the flush;
#   the floor: the allocated bytes over the slower of the source's read rate (dd to /dev/null)
#       and the thin LV's write rate (qemu-img bench: 2 MiB writes, 16 in flight, O_DIRECT, then a flush).
# Every step starts with the lab's page cache dropped. Then once: (d) the chosen method under
# `--bandwidth 50M` (qemu-img convert -r, the verify throttled) and (a) naive `qemu-img convert
# -O raw -n` into a thin LV. Prints a table per round and its medians; the last line: key=value.
set -euo pipefail
# shellcheck source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

readonly CHUNK=$((4 << 20)) VG=vt_bench
# The chosen copies' pool is never freed from: a -Zn pool's reused chunk shows old data, and the
# copy would be rewritten in full. The other steps' LVs come and go in a pool of their own.
readonly FRESH=fresh SCRATCH=scratch
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
step() { echo "bench: $*" >&2; }
aligned() { # the rows on stdin in columns as wide as their widest cell
  awk '{ row[NR] = $0; for (i = 1; i <= NF; i++) if (length($i) > w[i]) w[i] = length($i) }
    END { for (n = 1; n <= NR; n++) { k = split(row[n], c); line = ""
      for (i = 1; i <= k; i++) line = line sprintf(i < k ? "%-" w[i] "s  " : "%s", c[i]); print line } }'
}
cold() { sync && echo 3 >/proc/sys/vm/drop_caches; }
thin() { lvm lvcreate -q --yes --type thin -V 8G --thinpool "$1" -n "$2" "$VG" >/dev/null; }
allocated() { # LV: bytes its thin pool provisioned for it
  lvm lvs --noheadings --units b --nosuffix -o lv_size,data_percent "$VG/$1" \
    | awk '{ printf "%.0f", $1 * $2 / 100 }'
}
chosen() { # LV [CAP]: LvConversion into a fresh thin LV; prints its output
  thin "$FRESH" "$1"
  cold
  java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$classpath" io.virttune.qemu.ConversionBench \
    "$image" "$VG" "$FRESH" "$@" | tee "$work/$1.out" | sed 's/^/  /' >&2
}
figure() { grep -o "$1=[0-9.]*" "$work/$2.out" | cut -d= -f2; }
timed() { # CMD...: runs it after dropping the cache, its output dropped; prints its seconds
  local t0
  cold
  t0=$(now)
  "$@" >/dev/null || die "$* failed"
  elapsed "$t0" "$(now)"
}
blocks() { echo $((image_allocated / (4 << 20))); }

# What plan predicts for a copy and its verify of BYTES after the copies whose paces are given:
# BYTES over their median pace, the upper one of an even count, as CopyPaces takes it.
predicted() { # BYTES PACE...
  local bytes=$1
  shift
  printf '%s\n' "$@" | sort -g | awk -v b="$bytes" '{ v[NR] = $1 } END { printf "%.2f", b / v[int(NR / 2) + 1] }'
}

inside() { # IMAGE CLASSPATH RUNS: runs in the lab, on /dev/ubda
  image=$1 classpath=$2
  local runs=$3 r copy verify dd_s read_s write_s floor actual paces=() rows=()
  local copies=() dds=() reads=() writes=() floors=() verifies=() predictions=() actuals=() c_dd=() c_floor=() v_c=() p_a=()
  image_allocated=$(qemu-img map --output=json "$image" | tr -d ' ' \
    | grep -o '"length":[0-9]*,"depth":[0-9]*,"present":true,"zero":false,"data":true' \
    | awk -F'[:,]' '{ sum += $2 } END { print sum }')
  lvm vgcreate -q -s 256M "$VG" /dev/ubda >/dev/null
  lvm lvcreate -q --yes --type thin-pool -L $(((runs + 2) * 1200))M --chunksize 4M --zero n -n "$FRESH" "$VG" >/dev/null
  lvm lvcreate -q --yes --type thin-pool -l 100%FREE --chunksize 4M --zero n -n "$SCRATCH" "$VG" >/dev/null
  step "$(qemu-img --version | head -1), $(lvm version | awk '/LVM version/ { print "LVM " $3 }'), $(java -version 2>&1 | head -1)"

  local alone_argv alone=() c_alone=() unflushed=()
  mapfile -t alone_argv < <(java -cp "$classpath" io.virttune.qemu.ConversionBench argv "$image" "/dev/$VG/alone")
  step "qemu-img alone: ${alone_argv[*]}"
  step "calibration: one chosen copy, whose pace the first round's prediction is made from"
  chosen calibration "$CHUNK"
  paces+=("$(awk -v b="$image_allocated" -v c="$(figure chosen_s calibration)" -v v="$(figure verify_s calibration)" \
    'BEGIN { printf "%.0f", b / (c + v) }')")

  for ((r = 1; r <= runs; r++)); do
    step "round $r: (b) chosen, LvConversion into a fresh thin LV"
    chosen "chosen$r" "$CHUNK"
    copy=$(figure chosen_s "chosen$r")
    verify=$(figure verify_s "chosen$r")
    grep -q 'outcome WROTE_DATA' "$work/chosen$r.out" || die "round $r: the copy was rewritten in full"
    step "round $r: qemu-img alone, with the chosen copy's command line, into a fresh thin LV"
    thin "$SCRATCH" alone
    alone+=("$(timed "${alone_argv[@]}")")
    lvm lvremove -q --yes "$VG/alone" >/dev/null
    step "round $r: (c) dd of the allocated bytes, oflag=direct, into a thin LV"
    thin "$SCRATCH" dd
    dd_s=$(timed dd if="$image" of="/dev/$VG/dd" bs=4M count="$(blocks)" oflag=direct conv=fsync status=none)
    lvm lvremove -q --yes "$VG/dd" >/dev/null
    thin "$SCRATCH" dd
    unflushed+=("$(timed dd if="$image" of="/dev/$VG/dd" bs=4M count="$(blocks)" oflag=direct status=none)")
    lvm lvremove -q --yes "$VG/dd" >/dev/null
    step "round $r: the floor, reading the source and writing a thin LV apart"
    read_s=$(timed dd if="$image" of=/dev/null bs=4M count="$(blocks)" status=none)
    thin "$SCRATCH" zeros
    # The device's write rate at its best: 16 requests in flight, as many as the copy keeps.
    write_s=$(timed qemu-img bench -w -f raw -t none -d 16 -s 2M -c $((image_allocated >> 21)) \
      --flush-interval=$((image_allocated >> 21)) "/dev/$VG/zeros")
    lvm lvremove -q --yes "$VG/zeros" >/dev/null
    floor=$(awk -v a="$read_s" -v b="$write_s" 'BEGIN { printf "%.2f", (a > b ? a : b) }')
    actual=$(awk -v c="$copy" -v v="$verify" 'BEGIN { printf "%.2f", c + v }')
    predictions+=("$(predicted "$image_allocated" "${paces[@]}")")
    paces+=("$(awk -v b="$image_allocated" -v a="$actual" 'BEGIN { printf "%.0f", b / a }')")
    copies+=("$copy") dds+=("$dd_s") reads+=("$read_s") writes+=("$write_s") floors+=("$floor") verifies+=("$verify") actuals+=("$actual")
    c_dd+=("$(ratio "$copy" "$dd_s")") c_alone+=("$(ratio "${alone[-1]}" "$dd_s")") c_floor+=("$(ratio "$copy" "$floor")") v_c+=("$(ratio "$verify" "$copy")")
    p_a+=("$(ratio "${predictions[-1]}" "$actual")")
    rows+=("$r $copy ${alone[-1]} $dd_s ${unflushed[-1]} $read_s $write_s $floor ${c_dd[-1]} ${c_alone[-1]} ${c_floor[-1]} $verify ${v_c[-1]} ${predictions[-1]} $actual ${p_a[-1]}")
  done
  thin_bytes=$(allocated chosen1)
  step "the chosen copy's thin LV allocated $thin_bytes bytes for $image_allocated bytes of data"

  step "(d) chosen, capped at 50 MiB/s (--bandwidth 50M) into a fresh thin LV"
  chosen capped "$CHUNK" $((50 << 20))
  capped=$(figure chosen_s capped)
  capped_verify=$(figure verify_s capped)
  capped_rate=$(awk -v b="$image_allocated" -v s="$capped" 'BEGIN { printf "%.1f", b / s / 1048576 }')
  step "(d) ${capped} s: ${capped_rate} MiB/s of data under a 50 MiB/s cap; verify ${capped_verify} s"

  step "(a) naive: qemu-img convert -O raw -n into a thin LV"
  thin "$SCRATCH" naive
  cold
  t0=$(now)
  qemu-img convert -p -f qcow2 -O raw -n "$image" "/dev/$VG/naive" | tr '\r' '\n' \
    | awk -F'[(/]' '{ p = int($2 / 10) * 10; if (p > last) { print "naive: " p "%"; last = p } }' >&2
  naive=$(elapsed "$t0" "$(now)")
  step "(a) ${naive} s, thin LV allocated $(allocated naive) bytes"

  echo
  echo "Seconds. COPY: virt-tune's copy step until qemu-img exits, flushed; QEMU-IMG: that command line"
  echo "alone. DD: the allocated bytes, oflag=direct conv=fsync (flushed, as the copy is: a thin pool"
  echo "commits its new mappings on the flush); DD-UNFLUSHED: the same without conv=fsync."
  echo "FLOOR: the slower of READ (the source's allocated bytes, dd to /dev/null) and WRITE (as many"
  echo "bytes into a thin LV by qemu-img bench: 2 MiB writes, 16 in flight, O_DIRECT, then a flush)."
  echo "PREDICTED and ACTUAL: the copy with its verify, predicted as plan does from the paces of the"
  echo "copies before it (the calibration copy's included)."
  {
    echo RUN COPY QEMU-IMG DD DD-UNFLUSHED READ WRITE FLOOR COPY/DD QEMU-IMG/DD COPY/FLOOR VERIFY VERIFY/COPY PREDICTED ACTUAL PREDICTED/ACTUAL
    printf '%s\n' "${rows[@]}"
    echo median "$(median "${copies[@]}")" "$(median "${alone[@]}")" "$(median "${dds[@]}")" "$(median "${unflushed[@]}")" "$(median "${reads[@]}")" \
      "$(median "${writes[@]}")" "$(median "${floors[@]}")" "$(median "${c_dd[@]}")" "$(median "${c_alone[@]}")" "$(median "${c_floor[@]}")" \
      "$(median "${verifies[@]}")" "$(median "${v_c[@]}")" "$(median "${predictions[@]}")" \
      "$(median "${actuals[@]}")" "$(median "${p_a[@]}")"
  } | aligned
  echo "copy_vs_dd=$(median "${c_dd[@]}") copy_vs_floor=$(median "${c_floor[@]}") qemu_img_vs_dd=$(median "${c_alone[@]}") verify_vs_copy=$(median "${v_c[@]}")" \
    "predicted_vs_actual=$(median "${p_a[@]}") copy_s=$(median "${copies[@]}") dd_s=$(median "${dds[@]}")" \
    "floor_s=$(median "${floors[@]}") verify_s=$(median "${verifies[@]}") runs=$runs naive_s=$naive" \
    "thin_allocated_bytes=$thin_bytes image_allocated_bytes=$image_allocated capped_s=$capped" \
    "capped_mib_s=$capped_rate capped_verify_s=$capped_verify cap_mib_s=50"
}

if [[ ${1:-} == --inside ]]; then
  work=$(dirname "$2")/${VTLAB_SUITE:-bookworm}
  mkdir -p "$work"
  inside "$2" "$3" "$4"
  exit
fi

suite=bookworm
if [[ ${1:-} == --suite ]]; then
  suite=${2:?--suite needs bookworm or trixie}
fi
root=$(project_root)
cd "$root"
ensure_packages "${TEST_PACKAGES[@]}"
work=$root/build/bench-conversion
mkdir -p "$work"
log "compiling (the lab runs the compiled classes)"
mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile="$work/classpath" >/dev/null
image=$work/source.qcow2
ensure_bench_image "$image"
log "converting inside the lab, Debian $suite (output is shown when the lab stops)"
# The lab replays the command's stdout, then its stderr (progress, LVM's warnings): the table and
# the figures are on stdout, printed after both, so that the figures are the last line.
scripts/lab run --suite "$suite" --disk pv0:20G --timeout 2400 -- \
  "$root/scripts/bench/conversion.sh" --inside "$image" "target/test-classes:target/classes:$(cat "$work/classpath")" \
  "${RUNS:-3}" >"$work/lab-$suite.stdout"
cat "$work/lab-$suite.stdout"

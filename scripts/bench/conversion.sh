#!/usr/bin/env bash
# Benchmark: lab.md's conversion table reproduced with the project's own code, inside the lab.
# A sparse 8 GiB qcow2 with 1 GiB of data in 16 runs spread across it is copied into LVs of a
# thin pool (4 MiB chunks, zeroing off) three ways: (a) naive `qemu-img convert -O raw -n` into
# a thin LV, (b) the chosen method, LvConversion into a fresh thin LV (FRESH_THIN_VOLUME; timed
# until qemu-img's 100%, the verify is printed apart), (c) `dd` of the allocated bytes with
# oflag=direct (the floor); and (d), run after (b), the chosen method again under `--bandwidth 50M`
# (qemu-img convert -r, the verify throttled), its rate over the allocated bytes. Last line: key=value figures.
set -euo pipefail
# shellcheck source=../lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

readonly CHUNK=$((4 << 20)) VG=vt_bench POOL=pool
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
step() { echo "bench: $*"; }
allocated() { # LV: bytes its thin pool provisioned for it
  lvm lvs --noheadings --units b --nosuffix -o lv_size,data_percent "$VG/$1" \
    | awk '{ printf "%.0f", $1 * $2 / 100 }'
}

inside() { # IMAGE CLASSPATH: runs in the lab, on /dev/ubda
  local image=$1 classpath=$2 t0 naive chosen verify verify_ratio dd_s thin image_allocated
  image_allocated=$(qemu-img map --output=json "$image" | tr -d ' ' \
    | grep -o '"length":[0-9]*,"depth":[0-9]*,"present":true,"zero":false,"data":true' \
    | awk -F'[:,]' '{ sum += $2 } END { print sum }')
  lvm vgcreate -q -s 256M "$VG" /dev/ubda >/dev/null
  lvm lvcreate -q --yes --type thin-pool -L 10G --chunksize 4M --zero n -n "$POOL" "$VG" >/dev/null

  step "(b) chosen: LvConversion into a fresh thin LV (pool never used)"
  lvm lvcreate -q --yes --type thin -V 8G --thinpool "$POOL" -n chosen "$VG" >/dev/null
  java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$classpath" io.virttune.qemu.ConversionBench \
    "$image" "$VG" "$POOL" chosen "$CHUNK" | tee "$work/chosen.out"
  chosen=$(grep -o 'chosen_s=[0-9.]*' "$work/chosen.out" | cut -d= -f2)
  verify=$(grep -o 'verify_s=[0-9.]*' "$work/chosen.out" | cut -d= -f2)
  verify_ratio=$(awk -v v="$verify" -v c="$chosen" 'BEGIN { printf "%.2f", v / c }')
  step "(b) verify ${verify} s: ${verify_ratio}x the copy"
  thin=$(allocated chosen)
  step "(b) thin LV allocated $thin bytes for $image_allocated bytes of data"

  # Before (c) and (a) free chunks of their own: a -Zn pool's reused chunk shows old data, and the
  # copy would be rewritten in full.
  step "(d) chosen, capped at 50 MiB/s (--bandwidth 50M) into a fresh thin LV"
  lvm lvcreate -q --yes --type thin -V 8G --thinpool "$POOL" -n capped "$VG" >/dev/null
  java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$classpath" io.virttune.qemu.ConversionBench \
    "$image" "$VG" "$POOL" capped "$CHUNK" $((50 << 20)) | tee "$work/capped.out"
  capped=$(grep -o 'chosen_s=[0-9.]*' "$work/capped.out" | cut -d= -f2)
  capped_verify=$(grep -o 'verify_s=[0-9.]*' "$work/capped.out" | cut -d= -f2)
  capped_rate=$(awk -v b="$image_allocated" -v s="$capped" 'BEGIN { printf "%.1f", b / s / 1048576 }')
  step "(d) ${capped} s: ${capped_rate} MiB/s of data under a 50 MiB/s cap; verify ${capped_verify} s"
  lvm lvremove -q --yes "$VG/capped" >/dev/null

  step "(c) dd of the allocated bytes, oflag=direct, into a thin LV"
  lvm lvcreate -q --yes --type thin -V 8G --thinpool "$POOL" -n floor "$VG" >/dev/null
  t0=$(now)
  dd if="$image" of="/dev/$VG/floor" bs=4M count=$((image_allocated / (4 << 20))) oflag=direct status=none
  dd_s=$(elapsed "$t0" "$(now)")
  step "(c) ${dd_s} s"
  lvm lvremove -q --yes "$VG/floor" >/dev/null

  step "(a) naive: qemu-img convert -O raw -n into a thin LV"
  lvm lvcreate -q --yes --type thin -V 8G --thinpool "$POOL" -n naive "$VG" >/dev/null
  t0=$(now)
  qemu-img convert -p -f qcow2 -O raw -n "$image" "/dev/$VG/naive" | tr '\r' '\n' \
    | awk -F'[(/]' '{ p = int($2 / 10) * 10; if (p > last) { print "naive: " p "%"; last = p } }'
  naive=$(elapsed "$t0" "$(now)")
  step "(a) ${naive} s, thin LV allocated $(allocated naive) bytes"

  echo "naive_s=$naive chosen_s=$chosen verify_s=$verify verify_over_copy=$verify_ratio dd_s=$dd_s thin_allocated_bytes=$thin image_allocated_bytes=$image_allocated" \
    "capped_s=$capped capped_mib_s=$capped_rate capped_verify_s=$capped_verify cap_mib_s=50"
}

if [[ ${1:-} == --inside ]]; then
  work=$(dirname "$2")
  inside "$2" "$3"
  exit
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
log "converting inside the lab (output is shown when the lab stops)"
# The lab replays the command's stdout, then its stderr (LVM's warnings): stdout is printed after
# both, so that the figures are the last line.
scripts/lab run --disk pv0:12G --timeout 900 -- \
  "$root/scripts/bench/conversion.sh" --inside "$image" "target/test-classes:target/classes:$(cat "$work/classpath")" \
  > "$work/lab.stdout"
cat "$work/lab.stdout"

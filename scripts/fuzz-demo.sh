#!/usr/bin/env bash
# `make fuzz-demo`: AFL++ on a small PNG reader (tests/afl/png_target.c) for DEMO_SECONDS (default 60)
# with Fracture's mutator alone (AFL_CUSTOM_MUTATOR_LIBRARY, AFL_CUSTOM_MUTATOR_ONLY=1), then as long
# with AFL++'s default mutators, from the same seed PNG and the same AFL++ seed (-s); prints the
# fuzzer_stats of both side by side (docs/mutators.md). Then the same reader as a libFuzzer target,
# linked with the library (LLVMFuzzerCustomMutator) and without it, up to DEMO_SECONDS each or the
# first crash. Installs Debian's afl++ (which brings clang) and clang's libFuzzer runtime when they
# are missing, as scripts/setup.sh installs its packages. The work directory is removed at the end
# unless DEMO_KEEP=1.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
DEMO_SECONDS=${DEMO_SECONDS:-60}
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
log() { printf '[fuzz-demo] %s\n' "$*"; }

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
apt_install() {
  log "apt-get install $*"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
installed afl++ || apt_install afl++
# libFuzzer comes with clang's runtime package, named by clang's major version (Debian 12: 14).
CLANG_MAJOR=$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
if [ -n "$CLANG_MAJOR" ] && ! installed "libclang-rt-$CLANG_MAJOR-dev"; then
  apt_install "libclang-rt-$CLANG_MAJOR-dev" || log "no libclang-rt-$CLANG_MAJOR-dev: the libFuzzer half is skipped"
fi
# Debian's afl++ ships afl-clang-fast (LLVM instrumentation, its clang a dependency) and
# afl-gcc-fast (a GCC plugin, which needs gcc's plugin headers); the first that works is used.
CC=""
for cc in afl-clang-fast afl-gcc-fast afl-cc; do
  if command -v "$cc" >/dev/null; then CC=$cc; break; fi
done
[ -n "$CC" ] || { echo "fuzz-demo: no AFL++ compiler (afl-clang-fast, afl-gcc-fast, afl-cc) found" >&2; exit 1; }

cargo build --release --locked --quiet -p fracture-afl
lib=$PWD/target/release/libfracture_afl.so
work=$(mktemp -d "${TMPDIR:-/tmp}/fracture-fuzz-demo.XXXXXX")
if [ "${DEMO_KEEP:-0}" = 1 ]; then log "work directory: $work"; else trap 'rm -rf "$work"' EXIT; fi

AFL_QUIET=1 "$CC" -O1 -o "$work/png_target" tests/afl/png_target.c
mkdir -p "$work/seeds"
# The seed: a 16x16 16-bit greyscale PNG with a tEXt chunk (every CRC valid). Two one-bit changes to
# IHDR's colour type (0 -> 2 -> 3), each with the CRC kept valid, reach the reader's crash.
python3 - "$work/seeds/grey16.png" <<'PY'
import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
rows = b"".join(b"\x00" + bytes((x * 16 + y) & 0xFF for x in range(32)) for y in range(16))
png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 16, 0, 0, 0, 0))
       + chunk(b"tEXt", b"Comment\x00fracture fuzz demo") + chunk(b"IDAT", zlib.compress(rows, 9))
       + chunk(b"IEND", b""))
open(sys.argv[1], "wb").write(png)
PY
[ "$("$work/png_target" "$work/seeds/grey16.png")" = ok ] || { echo "fuzz-demo: the seed PNG is rejected" >&2; exit 1; }

export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1
run() { # name, then env's arguments for afl-fuzz (assignments, -u NAME)
  local name=$1
  shift
  log "afl-fuzz for ${DEMO_SECONDS}s: $name"
  if ! env "$@" afl-fuzz -i "$work/seeds" -o "$work/$name" -s 1 -V "$DEMO_SECONDS" -- "$work/png_target" @@ \
    >"$work/$name.log" 2>&1; then
    tail -20 "$work/$name.log" >&2
    exit 1
  fi
}
run fracture AFL_CUSTOM_MUTATOR_LIBRARY="$lib" AFL_CUSTOM_MUTATOR_ONLY=1
run default -u AFL_CUSTOM_MUTATOR_LIBRARY -u AFL_CUSTOM_MUTATOR_ONLY

field() { sed -n "s/^$2 *: *//p" "$work/$1/default/fuzzer_stats" | head -1; }
first_crash() { # seconds to the first saved crash, from its file name's time: field (milliseconds)
  local t
  t=$(find "$work/$1/default/crashes" -name 'id:*' 2>/dev/null | sed -n 's/.*,time:\([0-9]*\).*/\1/p' | sort -n | head -1)
  if [ -n "$t" ]; then awk -v t="$t" 'BEGIN { printf "%.1f s", t / 1000 }'; else echo none; fi
}
printf '\nAFL++ %s, %s s each on %s cores (load %s), tests/afl/png_target.c built with %s, one %s-byte seed PNG\n' \
  "$(field fracture afl_version | tr -d +)" "$DEMO_SECONDS" "$(nproc)" "$(cut -d' ' -f1 /proc/loadavg)" "$CC" \
  "$(stat -c %s "$work/seeds/grey16.png")"
printf '%-22s %18s %18s\n' "" "fracture mutator" "default mutators"
for f in execs_done execs_per_sec corpus_count corpus_found edges_found bitmap_cvg saved_crashes; do
  printf '%-22s %18s %18s\n' "$f" "$(field fracture "$f")" "$(field default "$f")"
done
printf '%-22s %18s %18s\n' "first crash after" "$(first_crash fracture)" "$(first_crash default)"

# libFuzzer: the reader's LLVMFuzzerTestOneInput, linked with the library (libFuzzer then finds
# LLVMFuzzerCustomMutator and uses it for every mutation) and without it. libFuzzer stops at the
# first crash.
LF_CFLAGS=(-O1 -fsanitize=fuzzer -DFRACTURE_LIBFUZZER)
if ! clang "${LF_CFLAGS[@]}" -o "$work/lf_default" tests/afl/png_target.c 2>"$work/lf_build.log"; then
  log "clang -fsanitize=fuzzer does not link here (see the runtime above): the libFuzzer half is skipped"
  exit 0
fi
clang "${LF_CFLAGS[@]}" -o "$work/lf_fracture" tests/afl/png_target.c \
  -Wl,--no-as-needed -L"$(dirname "$lib")" -lfracture_afl -Wl,-rpath,"$(dirname "$lib")"
lf_run() { # name: runs $work/lf_{name} on a copy of the seeds; sets lf_secs
  local name=$1 t0
  mkdir -p "$work/lf-$name-corpus"
  cp "$work/seeds/"* "$work/lf-$name-corpus/"
  log "libFuzzer for up to ${DEMO_SECONDS}s: $name"
  t0=$(date +%s%N)
  "$work/lf_$name" -max_total_time="$DEMO_SECONDS" -seed=1 -print_final_stats=1 \
    -artifact_prefix="$work/lf-$name-" "$work/lf-$name-corpus" >"$work/lf-$name.log" 2>&1 || true
  lf_secs=$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
  grep -q '^stat::number_of_executed_units' "$work/lf-$name.log" || { tail -20 "$work/lf-$name.log" >&2; exit 1; }
}
lf_stat() { sed -n "s/^stat::$2: *//p" "$work/lf-$1.log" | head -1; }
lf_crash() { # the run's end: a crash and when, or none
  if compgen -G "$work/lf-$1-crash-*" >/dev/null; then echo "after $2 s"; else echo "none ($2 s)"; fi
}
lf_run fracture
fr_secs=$lf_secs
grep -q 'found LLVMFuzzerCustomMutator' "$work/lf-fracture.log" || { echo "fuzz-demo: libFuzzer did not find the mutator" >&2; exit 1; }
lf_run default
printf '\nlibFuzzer (clang %s), up to %s s each, stopping at the first crash, same seed PNG, -seed=1\n' "$CLANG_MAJOR" "$DEMO_SECONDS"
printf '%-22s %18s %18s\n' "" "fracture mutator" "default mutators"
printf '%-22s %18s %18s\n' executions "$(lf_stat fracture number_of_executed_units)" "$(lf_stat default number_of_executed_units)"
printf '%-22s %18s %18s\n' "new units" "$(lf_stat fracture new_units_added)" "$(lf_stat default new_units_added)"
printf '%-22s %18s %18s\n' crash "$(lf_crash fracture "$fr_secs")" "$(lf_crash default "$lf_secs")"

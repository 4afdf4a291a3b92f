#!/usr/bin/env bash
# `make fuzz-eval` (docs/mutators.md, "The evaluation"): AFL++ and libFuzzer on published decoders
# (tests/fuzz-eval/targets: png, zip and gif, pinned to versions with a known crash) with their own
# mutators, with Fracture's mutator alone and with both, FUZZ_EVAL_TRIALS trials (default 10) of
# FUZZ_EVAL_SECONDS each (default 600), one fuzzer process at a time under `nice -n 19`; each trial's
# figures land in FUZZ_EVAL_RESULTS (default tests/fuzz-eval/results/local) as it ends, a run resumes
# where it stopped, and the report (summary.json, and FUZZ_EVAL_DOC's marked section when set) is made
# from whatever trials exist. FUZZ_EVAL_TARGETS, FUZZ_EVAL_CONFIGS and FUZZ_EVAL_LF_TARGETS (the targets
# libFuzzer runs on, default png,zip) narrow it.
#
# `--short` is the `make test` form: checks that each known bug's reproducer crashes its harness
# where the bug is (tests/fuzz-eval/check_bugs.py), then png and gif, every configuration, 2 trials
# of 3 s, two at a time (the figures are not compared, so the second core need not idle), into a
# temporary folder, and checks that every trial wrote its figures and the statistics came out.
#
# The seed corpus is committed (tests/fuzz-eval/seeds, made by tests/fuzz-eval/make-seeds.sh with
# real tools). Installs what it needs when missing, as scripts/setup.sh does: Debian's binutils (the
# gold linker cargo-afl links with) and g++ (libfuzzer-sys compiles libFuzzer), cargo-afl (crates.io)
# and the AFL++ it builds (`cargo afl config --build`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
log() { printf '[fuzz-eval] %s\n' "$*"; }
SHORT=0; [ "${1:-}" = --short ] && SHORT=1
CARGO_AFL_VERSION=0.18.2

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for pkg in binutils g++; do installed "$pkg" || missing+=("$pkg"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ "$(cargo afl --version 2>/dev/null | awk '{print $2}')" != "$CARGO_AFL_VERSION" ]; then
  log "cargo install cargo-afl $CARGO_AFL_VERSION"
  cargo install --locked --quiet cargo-afl --version "$CARGO_AFL_VERSION"
fi
# cargo-afl builds AFL++ for this rustc when it is installed; `cargo afl config --build` does it
# when that build is missing.
afl_fuzz() { find "$HOME/.local/share/afl.rs" -path "*rustc-$(rustc -V | awk '{print $2}')*" -name afl-fuzz -type f 2>/dev/null | head -1; }
if [ -z "$(afl_fuzz)" ]; then
  log "cargo afl config --build (AFL++ for this rustc)"
  nice cargo afl config --build >/dev/null
fi
AFL_DIR=$(dirname "$(afl_fuzz)")
[ -x "$AFL_DIR/afl-fuzz" ] || { echo "fuzz-eval: no afl-fuzz under ~/.local/share/afl.rs" >&2; exit 1; }

root=$PWD
out=$root/target/fuzz-eval
crate=$root/tests/fuzz-eval/targets
host=$(rustc -vV | sed -n 's/^host: //p')
cargo build --release --locked --quiet -p fracture-afl
# The fuzzers load a copy, so rebuilding the library while an evaluation runs changes nothing in it.
mkdir -p "$out/mutator"
cp target/release/libfracture_afl.so "$out/mutator/"
lib=$out/mutator/libfracture_afl.so
# The decoders three ways: for AFL++ (cargo-afl's instrumentation and persistent loop), for
# libFuzzer (libfuzzer-sys, with cargo-fuzz's coverage flags and no sanitizer; once more linked with
# the mutator, which libFuzzer then finds), and plain (the replay binary that names a crash). The short
# form builds only the harnesses it runs (png and gif under AFL++, png under libFuzzer).
afl_bins=(--bins) lf_bins=(png gif zip)
[ "$SHORT" = 1 ] && afl_bins=(--bin png --bin gif) lf_bins=(png)
(cd "$crate" && CARGO_TARGET_DIR=$out/afl nice cargo afl build --release --locked --quiet --features afl "${afl_bins[@]}")
LF_FLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters"
LF_FLAGS+=" -Cllvm-args=-sanitizer-coverage-pc-table -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing"
# Linked with the mutator: --no-as-needed keeps the library (the target refers to it only weakly),
# and LLVMFuzzerMutate is kept and exported, so the library finds libFuzzer's own mutation with
# dlsym and hands it half the calls (docs/mutators.md, "With libFuzzer").
LF_MUTATOR=(-Clink-arg=-Wl,--no-as-needed -Clink-arg=-Wl,--undefined=LLVMFuzzerMutate
  -Clink-arg=-Wl,--export-dynamic-symbol=LLVMFuzzerMutate
  "-Clink-arg=-L$out/mutator" -Clink-arg=-lfracture_afl "-Clink-arg=-Wl,-rpath,$out/mutator")
# Both libFuzzer builds share one target directory: the mutator's harnesses differ only in their link
# arguments, so `cargo rustc` relinks each over the dependencies (libFuzzer's C++ among them) built
# once, and they are copied out; the plain build then relinks the harnesses without them.
lf() { # SUBCOMMAND ARGS...
  (cd "$crate" && CARGO_TARGET_DIR=$out/lf-default RUSTFLAGS="$LF_FLAGS" \
    nice cargo "$1" --release --locked --quiet --features libfuzzer --target "$host" "${@:2}")
}
# (Before, lf-fracture was a target directory of its own.)
[ -d "$out/lf-fracture/$host/release/deps" ] && rm -rf "$out/lf-fracture"
mkdir -p "$out/lf-fracture/$host/release"
for bin in "${lf_bins[@]}"; do
  lf rustc --bin "$bin" -- "${LF_MUTATOR[@]}"
  cp "$out/lf-default/$host/release/$bin" "$out/lf-fracture/$host/release/$bin.new"
  mv "$out/lf-fracture/$host/release/$bin.new" "$out/lf-fracture/$host/release/$bin"
done
lf build $(printf -- '--bin %s ' "${lf_bins[@]}")
(cd "$crate" && CARGO_TARGET_DIR=$out/plain nice cargo build --release --locked --quiet --bin replay)

lfv=$(sed -n '/^name = "libfuzzer-sys"/{n;s/^version = "\(.*\)"/\1/p}' "$crate/Cargo.lock")
python3 - "$out/tools.json" <<PY
import json, sys
targets = ["png", "gif", "zip"]
json.dump({
    "repo": "$root",
    "rustc": "$(rustc -V)",
    "libfuzzer-sys": "$lfv",
    "afl-fuzz": "$AFL_DIR/afl-fuzz",
    "afl-showmap": "$AFL_DIR/afl-showmap",
    "mutator": "$lib",
    "replay": "$out/plain/release/replay",
    "seeds": {t: "$root/tests/fuzz-eval/seeds/" + t for t in targets},
    "afl-bin": {t: "$out/afl/release/" + t for t in targets},
    "lf-bin": {m: {t: "$out/lf-" + m + "/$host/release/" + t for t in targets} for m in ("default", "fracture")},
}, open(sys.argv[1], "w"), indent=1)
PY

eval_py=tests/fuzz-eval/eval.py
if [ "$SHORT" = 1 ]; then
  # Each known bug crashes its harness at its site, and no seed crashes.
  python3 tests/fuzz-eval/check_bugs.py "$out/plain/release/replay"
  results=$(mktemp -d "${TMPDIR:-/tmp}/fracture-fuzz-eval-short.XXXXXX")
  trap 'rm -rf "$results"' EXIT
  python3 "$eval_py" run --tools "$out/tools.json" --results "$results" --trials 2 --seconds 3 --jobs 2 \
    --targets png,gif --lf-targets png
  python3 "$eval_py" report --results "$results"
  python3 tests/fuzz-eval/check_short.py "$results"
  exit 0
fi
results=${FUZZ_EVAL_RESULTS:-tests/fuzz-eval/results/local}
python3 "$eval_py" run --tools "$out/tools.json" --results "$results" \
  --trials "${FUZZ_EVAL_TRIALS:-10}" --seconds "${FUZZ_EVAL_SECONDS:-600}" \
  --targets "${FUZZ_EVAL_TARGETS:-png,zip,gif}" --configs "${FUZZ_EVAL_CONFIGS:-afl-default,afl-fracture,afl-both,lf-default,lf-fracture}" \
  --lf-targets "${FUZZ_EVAL_LF_TARGETS:-png,zip}"
python3 "$eval_py" report --results "$results" ${FUZZ_EVAL_DOC:+--doc "$FUZZ_EVAL_DOC"}

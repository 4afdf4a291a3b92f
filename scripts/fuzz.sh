#!/usr/bin/env bash
# `make fuzz`: runs the engine's coverage-guided fuzz target (engine-rs/fuzz, docs/fuzzing.md) for
# FUZZ_SECONDS (default 60) on FUZZ_JOBS processes (default 1). Installs cargo-fuzz first when the
# pinned version is missing (skipped when present, as scripts/setup.sh does). libFuzzer starts from
# the committed seed corpus (engine-rs/fuzz/corpus, read only) and keeps what it finds in
# target/fuzz/corpus; failing inputs land in target/fuzz/artifacts, and the script then exits 1 and
# prints how to replay them with `cargo test`. The build goes to engine-rs/fuzz/target.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

CARGO_FUZZ_VERSION=0.13.2
SECONDS_TO_RUN=${FUZZ_SECONDS:-60}
JOBS=${FUZZ_JOBS:-1}
log() { printf '[fuzz] %s\n' "$*"; }

if [ "$(cargo fuzz --version 2>/dev/null | awk '{print $2}')" != "$CARGO_FUZZ_VERSION" ]; then
  log "cargo install cargo-fuzz $CARGO_FUZZ_VERSION"
  cargo install cargo-fuzz --version "=$CARGO_FUZZ_VERSION" --locked -q
else
  log "cargo-fuzz $CARGO_FUZZ_VERSION present"
fi

mkdir -p target/fuzz/corpus target/fuzz/artifacts
# libFuzzer's fork mode: FUZZ_JOBS processes share one corpus, and after a failing input is saved
# the run goes on, so one run collects every finding. --sanitizer none: the engine has no unsafe code
# (#![forbid(unsafe_code)]), so AddressSanitizer would find nothing Rust does not check already, and
# without a sanitizer cargo-fuzz passes no -Z flag: the stable toolchain builds the target.
start=$(mktemp)
trap 'rm -f "$start"' EXIT
set +e
cargo fuzz run --fuzz-dir engine-rs/fuzz --sanitizer none --release engine \
  target/fuzz/corpus engine-rs/fuzz/corpus -- \
  -max_total_time="$SECONDS_TO_RUN" -fork="$JOBS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
  -max_len=262144 -timeout=30 -rss_limit_mb=4096 -dict=engine-rs/fuzz/engine.dict \
  -artifact_prefix=target/fuzz/artifacts/
status=$?
set -e
found=$(find target/fuzz/artifacts -type f -newer "$start" | wc -l)
log "$(find target/fuzz/corpus -type f | wc -l) inputs in target/fuzz/corpus; $found new in target/fuzz/artifacts"
if [ "$status" -ne 0 ] || [ "$found" -gt 0 ]; then
  log "replay: FRACTURE_FUZZ_CORPUS=target/fuzz/artifacts cargo test --release --locked -p fracture-engine --test fuzz_corpus"
  exit 1
fi

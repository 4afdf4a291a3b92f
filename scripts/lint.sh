#!/usr/bin/env bash
# Style checks, run by `make test` and `make lint`; `make fmt` fixes what can be fixed automatically.
# Configuration: rustfmt.toml, biome.jsonc; clippy's warnings are errors. First, the tables generated
# from engine-data/*.toml must be current (`make engine-data` regenerates them), and no file may
# cite anything outside the repository (scripts/check-self-contained.mjs). No TypeScript module may
# import itself through others (dependency-cruiser, rules in .dependency-cruiser.cjs), and no module of
# the Rust core may use itself through others (scripts/check-rust-layers.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
node scripts/check-self-contained.mjs
node scripts/gen-engine-data.mjs --check
node scripts/gen-bench-native.mjs --check
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked --quiet -- -D warnings
biome check --error-on-warnings .
depcruise --config .dependency-cruiser.cjs lib cli sdk web/src
# Every crate (issue 40 point 5: engine-rs/cli too, since args.rs owns the parsed options).
for crate in core cli host host-wasm outputs-wasm wasm diagnose diagnose-wasm afl python node; do
  node scripts/check-rust-layers.mjs "engine-rs/$crate/src"
done
# No new file of the command lines over 500 lines, no new function over 80 (issue 40 point 5).
node scripts/check-sizes.mjs
# Every host file is named in the count of twinned host code (issue 40; docs/architecture.md).
node scripts/count-twins.mjs >/dev/null

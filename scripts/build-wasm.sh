#!/usr/bin/env bash
# Builds the WebAssembly binding (engine-rs/wasm) with wasm-pack (--target web):
#   lib/engine/pkg                 the module the site, the npm CLI and the SDK ship;
#   target/wasm-testing/pkg        the same with the `testing` feature (known-answer and benchmark
#                                  exports), for the tests and `make bench` only;
#   lib/engine/diagnose-pkg        `fracture diagnose` (engine-rs/diagnose-wasm), a module of its own
#                                  that the npm CLI, the SDK and the site load only to diagnose;
#   lib/engine/outputs-pkg         output names, the plan's claims and the batch ZIP (engine-rs/
#                                  outputs-wasm), the host logic every npm CLI and SDK run loads;
#   lib/engine/host-pkg            the campaigns' host logic (engine-rs/host-wasm, with the regex
#                                  engine), loaded only by `run`, `minimize` and `merge`.
# rustup cannot fetch the wasm32 target here, so unless it is installed we build std from source with
# Debian's rustc-web (docs/toolchain.md): Debian's cargo and rustc first on PATH, build-std,
# --mode force.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"
export CARGO_TARGET_DIR="$ROOT/target/wasm"
# SIMD128 for engine-rs/core/src/rng's four-block ChaCha8 (rand_chacha has no wasm SIMD backend);
# exported, so both branches get it, and with build-std the standard library is built with it too.
# Set, not appended: flags meant for a native build (say -C target-cpu=native) would break this one.
export RUSTFLAGS="-C target-feature=+simd128"

build() { # CRATE NAME OUT_DIR [cargo args...]
  local crate=$1 name=$2 out=$3
  shift 3
  if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    wasm-pack build "$crate" --target web --release --out-dir "$out" --out-name "$name" --no-pack -- "$@"
  else
    PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
      wasm-pack build "$crate" --mode force --target web --release --out-dir "$out" --out-name "$name" --no-pack \
      -- -Z build-std=std,panic_abort "$@"
  fi
  rm -f "$out/.gitignore"
}

# `bash scripts/build-wasm.sh host` (or engine, testing, diagnose, outputs, in any combination) builds
# only those modules, for a developer who changed one; no argument builds all five, as make does.
wanted=" ${*:-engine testing diagnose outputs host} "
want() { [[ $wanted == *" $1 "* ]]; }
want engine && build engine-rs/wasm fracture_engine "$ROOT/lib/engine/pkg"
want testing && build engine-rs/wasm fracture_engine "$ROOT/target/wasm-testing/pkg" --features testing
want diagnose && build engine-rs/diagnose-wasm fracture_diagnose "$ROOT/lib/engine/diagnose-pkg"
want outputs && build engine-rs/outputs-wasm fracture_outputs "$ROOT/lib/engine/outputs-pkg"
want host && build engine-rs/host-wasm fracture_host "$ROOT/lib/engine/host-pkg"
ls -l lib/engine/pkg/*.wasm target/wasm-testing/pkg/*.wasm lib/engine/diagnose-pkg/*.wasm lib/engine/outputs-pkg/*.wasm lib/engine/host-pkg/*.wasm 2>/dev/null || true

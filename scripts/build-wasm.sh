#!/usr/bin/env bash
# Builds the WebAssembly engine into web/src/engine/wasm/pkg with wasm-pack (--target web).
# rustup cannot fetch the wasm32 target here, so unless it is installed we build std from source with
# Debian's rustc-web (TOOLCHAIN.md): Debian's cargo and rustc first on PATH, build-std, --mode force.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"
OUT="$ROOT/web/src/engine/wasm/pkg"
export CARGO_TARGET_DIR="$ROOT/target/wasm"
# SIMD128 for engine-rs/src/rng's four-block ChaCha8 (rand_chacha has no wasm SIMD backend); exported,
# so both branches get it, and with build-std the standard library is built with it too. Set, not
# appended: flags meant for a native build (say -C target-cpu=native) would break this one.
export RUSTFLAGS="-C target-feature=+simd128"
cd engine-rs
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  wasm-pack build . --target web --release --out-dir "$OUT" --out-name fracture_engine --no-pack
else
  PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
    wasm-pack build . --mode force --target web --release --out-dir "$OUT" --out-name fracture_engine --no-pack \
    -- -Z build-std=std,panic_abort
fi
rm -f "$OUT/.gitignore"
ls -l "$OUT"/*.wasm

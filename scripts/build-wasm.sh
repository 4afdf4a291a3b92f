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

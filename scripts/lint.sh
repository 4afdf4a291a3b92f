#!/usr/bin/env bash
# Style checks, run by `make test` and `make lint`; `make fmt` fixes what can be fixed automatically.
# Configuration: rustfmt.toml, biome.jsonc; clippy's warnings are errors.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked --quiet -- -D warnings
biome check --error-on-warnings .

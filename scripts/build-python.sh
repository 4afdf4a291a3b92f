#!/usr/bin/env bash
# The Python package (engine-rs/python): one abi3 wheel (CPython 3.9 and later) into target/wheels/,
# built by maturin from the workspace's lock file. `--sdist` also writes the source distribution there.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/setup-python.sh
rm -f target/wheels/fracture-*.whl
.venv-build/bin/maturin build --release --locked -q -m engine-rs/python/Cargo.toml --out target/wheels
if [ "${1:-}" = --sdist ]; then
  rm -f target/wheels/fracture-*.tar.gz
  .venv-build/bin/maturin sdist -m engine-rs/python/Cargo.toml --out target/wheels
fi
ls target/wheels/fracture-*

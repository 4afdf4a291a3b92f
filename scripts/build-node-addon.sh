#!/usr/bin/env bash
# The native addon (engine-rs/node, a Node-API cdylib) for this machine's platform, copied where the
# npm CLI's editing threads look for it: lib/engine/native/fracture-engine.<platform>-<arch>.node
# (scripts/build-package.mjs then copies it into dist/). Without it they run the WebAssembly module:
# the same bytes, slower (docs/architecture.md, "The native addon").
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -p fracture-node
target="$(node -p 'process.platform + "-" + process.arch')"
case "$(uname -s)" in
  Darwin) lib=target/release/libfracture_node.dylib ;;
  *) lib=target/release/libfracture_node.so ;;
esac
mkdir -p lib/engine/native
# A temporary file renamed into place: a thread loading the old addon never sees half a file.
cp "$lib" "lib/engine/native/.fracture-engine.$target.node.tmp"
mv -f "lib/engine/native/.fracture-engine.$target.node.tmp" "lib/engine/native/fracture-engine.$target.node"
echo "native addon: lib/engine/native/fracture-engine.$target.node"

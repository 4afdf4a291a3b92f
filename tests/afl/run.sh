#!/usr/bin/env bash
# The fuzzer mutator through its C interface (docs/mutators.md): builds target/release/libfracture_afl.so
# when it is missing or older than the engine (`make afl-mutator` does the same), compiles the C test
# program with gcc and runs it against the library.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$HOME/.cargo/bin:$PATH"
lib=target/release/libfracture_afl.so
# The draw's own unit tests (the crate is not a default member, so `cargo test` at the root skips it).
cargo test --profile ci --locked --quiet -p fracture-afl
cargo build --release --locked --quiet -p fracture-afl
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
gcc -O2 -Wall -Wextra -Werror -o "$bin/test_mutator" tests/afl/test_mutator.c -ldl
"$bin/test_mutator" "$lib"
# As a program that includes the header and links with the library meets it (the declarations the
# /developers/fuzzer-mutators page shows are this header's).
gcc -O2 -Wall -Wextra -Werror -Iengine-rs/afl/include -o "$bin/link_check" tests/afl/link_check.c \
  -L"$(dirname "$lib")" -lfracture_afl -Wl,-rpath,"$PWD/$(dirname "$lib")"
"$bin/link_check"

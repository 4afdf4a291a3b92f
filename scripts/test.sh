#!/usr/bin/env bash
# Every test suite, in order: the one list of suites (`make test` runs them all after installing and
# building; `make test-rust` and the like run one by its key: `bash scripts/test.sh KEY...`,
# `bash scripts/test.sh --list` prints the keys). Each suite runs even when an earlier one failed,
# so one run shows every failure; the exit status is non-zero if any suite failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
# Where FUSE can run (root and /dev/fuse, as in CI), the mount tests must run: they fail instead of
# skipping (engine-rs/cli/tests/mount_common).
if [ "$(id -u)" = 0 ] && [ -c /dev/fuse ]; then
  export FRACTURE_REQUIRE_FUSE=1
fi

passed=0
failed=0
failures=()
wanted=" $* "
if [ "${1:-}" = --list ]; then
  wanted=list
fi
ran=0
# `entering KEY NAME`: with --list prints the suite's key and name; otherwise whether it runs in this
# invocation (all of them when no key is given), counting it when it does.
entering() {
  if [ "$wanted" = list ]; then
    printf '%-10s %s\n' "$1" "$2"
    return 1
  fi
  [ "$wanted" = "  " ] || [[ $wanted == *" $1 "* ]] || return 1
  ran=$((ran + 1))
}
counted() { # NAME SECONDS STATUS
  if [ "$3" -eq 0 ]; then
    passed=$((passed + 1))
    printf '=== %s: passed (%ss)\n' "$1" "$2"
  else
    failed=$((failed + 1))
    failures+=("$1")
    printf '=== %s: FAILED (%ss)\n' "$1" "$2"
  fi
}
suite() {
  local key=$1 name=$2
  shift 2
  entering "$key" "$name" || return 0
  printf '\n=== %s\n' "$name"
  local t0=$SECONDS status=0
  "$@" || status=$?
  counted "$name" $((SECONDS - t0)) "$status"
}
# `beside KEY NAME CMD...` starts a suite in the background, beside the suites that follow it, until
# `joined` waits for it and prints its output and result in one piece. For the suites that leave one of
# the two cores idle most of their time (tsc is one thread; the Rust tests and the budgets wait on
# programs, files and Chromium; Python beside the fuzzer evaluation): docs/performance.md, "`make
# test` on the 2-core machine".
bg_keys=()
declare -A bg_pid bg_name bg_log
bg_dir=$(mktemp -d "${TMPDIR:-/tmp}/fracture-test.XXXXXX")
trap 'for k in "${bg_keys[@]}"; do [ -n "${bg_pid[$k]:-}" ] && kill "${bg_pid[$k]}" 2>/dev/null; done; rm -rf "$bg_dir"' EXIT
beside() {
  local key=$1 name=$2
  shift 2
  entering "$key" "$name" || return 0
  printf '\n=== %s: started beside the next suites\n' "$name"
  bg_keys+=("$key")
  bg_name[$key]=$name
  bg_log[$key]=$bg_dir/$key.log
  # Its own time, written when it ends (not when it is joined).
  (
    t0=$SECONDS status=0
    "$@" || status=$?
    echo $((SECONDS - t0)) >"$bg_dir/$key.seconds"
    exit "$status"
  ) >"${bg_log[$key]}" 2>&1 &
  bg_pid[$key]=$!
}
joined() {
  local key status
  for key in "$@"; do
    [ -n "${bg_pid[$key]:-}" ] || continue
    status=0
    wait "${bg_pid[$key]}" || status=$?
    printf '\n=== %s (ran beside the suites above)\n' "${bg_name[$key]}"
    cat "${bg_log[$key]}"
    counted "${bg_name[$key]}" "$(cat "$bg_dir/$key.seconds" 2>/dev/null || echo '?')" "$status"
    unset "bg_pid[$key]"
  done
}

beside typecheck "TypeScript: typecheck" npm run --silent typecheck
# The Rust suite waits on its programs and files most of its time (about 0.8 of a core); clippy
# builds into target/debug, the tests are target/ci's (each its own lock).
beside rust "Rust: unit, worked example, golden vectors, properties (own and proptest), fuzz corpus replay, fracture mount with real programs" \
  cargo test --profile ci --locked
suite lint "Style: rustfmt, clippy, Biome (format and lint)" bash scripts/lint.sh
joined typecheck rust
suite unit "Vitest: reference engine, golden vectors (TS and wasm), differential, fast-check properties, CLI, ZIP, UI components" \
  vitest run --config web/vite.config.ts
# The budgets count bytes and requests, not time, and wait on Chromium most of theirs.
beside budgets "First load in Chromium: JavaScript over the network, 64 KB per route, 110 KB home, 8 requests" \
  node web/scripts/budgets.mjs
suite parsers "Real parsers reject guaranteed_break output; strict readers refuse every reject" python3 tests/parsers/run.py --strict
suite checksums "Real readers accept checksums kept valid (--fix-checksums) and still see the damage" python3 tests/parsers/checksums.py
suite damage "The damage modes equal the real tools: unix2dos, dos2unix, a vsftpd ASCII-mode transfer with curl, tr, iconv, dd" \
  python3 tests/damage/run.py
joined budgets
suite afl "Fuzzer mutator: libfracture_afl.so through its C ABI (determinism, max_size, PNG CRCs, libFuzzer entry)" \
  bash tests/afl/run.sh
beside python "Python: the wheel in a fresh virtualenv (golden vectors, CLI equality, corrupt_file's rules, pytest plugin, Hypothesis)" \
  bash tests/python/run.sh
suite fuzz-eval "Fuzzer evaluation, short form: AFL++ and libFuzzer on png and gif, 2 trials of 3 s; Mann-Whitney U against scipy's values" \
  bash -c 'python3 tests/fuzz-eval/test_stats.py && bash scripts/fuzz-eval.sh --short'
joined python
suite e2e "Playwright: the built site in Chromium" playwright test -c tests/e2e/playwright.config.ts

[ "$wanted" = list ] && exit 0
if [ "$ran" -eq 0 ]; then
  printf 'no suite named:%s(bash scripts/test.sh --list)\n' "$wanted" >&2
  exit 2
fi
printf '\n'
for f in "${failures[@]}"; do printf 'failed suite: %s\n' "$f"; done
printf 'suites: %d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]

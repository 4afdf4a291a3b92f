#!/usr/bin/env bash
# Every test suite, in order; `make test` runs this after installing and building. Each suite runs
# even when an earlier one failed, so one run shows every failure; the exit status is non-zero if any
# suite failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

passed=0
failed=0
failures=()
suite() {
  local name=$1
  shift
  printf '\n=== %s\n' "$name"
  local t0=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    printf '=== %s: passed (%ss)\n' "$name" $((SECONDS - t0))
  else
    failed=$((failed + 1))
    failures+=("$name")
    printf '=== %s: FAILED (%ss)\n' "$name" $((SECONDS - t0))
  fi
}

suite "Style: rustfmt, clippy, Biome (format and lint)" bash scripts/lint.sh
suite "Rust: unit, worked example, golden vectors, property run" cargo test --release --locked
suite "TypeScript: typecheck" npm run --silent typecheck
suite "Vitest: reference engine, golden vectors (TS and wasm), differential, CLI, ZIP, UI components" \
  vitest run --config web/vite.config.ts
suite "Byte budgets of the first load: 70 KB of JavaScript per route, 120 KB home (brotli)" \
  node web/scripts/budgets.mjs
suite "Real parsers reject guaranteed_break output" python3 tests/parsers/run.py --strict
suite "Real readers accept checksums kept valid (--fix-checksums) and still see the damage" python3 tests/parsers/checksums.py
suite "Playwright: the built site in Chromium" playwright test -c tests/e2e/playwright.config.ts

printf '\n'
for f in "${failures[@]}"; do printf 'failed suite: %s\n' "$f"; done
printf 'suites: %d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]

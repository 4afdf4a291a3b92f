# Fracture: `make start` builds and serves the site; `make test` installs, builds and runs every test.
# Every target installs what it needs first (scripts/setup.sh skips what is already there); the
# setup stamp is an order-only prerequisite, so re-running setup never forces a rebuild by itself.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/node_modules/.bin:$(PATH)
# npm's `prepare` (scripts/prepare.mjs) builds the WebAssembly modules and the npm package after `npm
# ci`; under make, the targets below build them (side by side with the native builds), so it skips.
export FRACTURE_VIA_MAKE := 1

# The engine's tables (Rust, TypeScript and the tables of docs/contract.md) are generated from
# engine-data/formats.toml, the reports' texts and PDF layout from engine-data/report.toml, the
# hosts' messages from engine-data/messages.toml and the command lines' options from
# engine-data/cli.toml, by scripts/gen-engine-data.mjs, which rewrites only the files whose text
# changed: a rebuild follows only a change to a table. `make lint` fails while one is stale.
ENGINE_DATA_OUT := engine-rs/core/src/modes/tables.rs engine-rs/core/src/formats/tables.rs \
  engine-rs/core/src/recipes/tables.rs engine-rs/host/src/ui_modes.rs engine-rs/host/src/report/tables.rs \
  engine-rs/host/src/messages.rs lib/engine/shared/mode-tables.ts lib/engine/reference/tables.ts \
  engine-rs/host/src/link_options.rs lib/report/link-options.ts \
  lib/report/tables.ts lib/engine/shared/messages.ts engine-rs/host/src/cli_tables.rs cli/cli-tables.ts \
  engine-rs/core/src/modes/charsets.rs lib/engine/reference/charsets.ts docs/contract.md
ENGINE_SRC := $(shell find engine-rs -name '*.rs' -not -path '*/target/*') $(wildcard engine-rs/*/Cargo.toml) Cargo.toml \
  $(filter %.rs,$(ENGINE_DATA_OUT))
WASM_PKG := lib/engine/pkg/fracture_engine_bg.wasm
NATIVE := target/release/fracture
CLI_JS := dist/cli/main.js
WEB_DIST := web/dist/index.html
STAMPS := .stamps

.PHONY: help setup engine-data build start test fuzz afl-mutator fuzz-demo fuzz-eval test-afl test-fuzz-eval fmt lint test-rust test-unit test-parsers test-e2e test-python bench bench-big bench-browser bench-site budgets clean wasm native cli web python golden sample-report

# `make help`: the targets, each with the line after its `##`.
help:
	@awk -F':.*## ' '/^[a-z][a-z0-9-]*:.*## /{printf "  make %-14s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

$(STAMPS)/setup: scripts/setup.sh package-lock.json engine-rs/wasm/Cargo.toml
	@mkdir -p $(STAMPS)
	bash scripts/setup.sh
	@touch $@

setup: $(STAMPS)/setup ## install what is missing (Debian packages, wasm tools, npm packages); safe to re-run

$(STAMPS)/engine-data: $(wildcard engine-data/*.toml) scripts/gen-engine-data.mjs | $(STAMPS)/setup
	node scripts/gen-engine-data.mjs
	@touch $@

$(ENGINE_DATA_OUT): $(STAMPS)/engine-data ;

engine-data: $(STAMPS)/engine-data ## regenerate the tables from engine-data/*.toml

# The WebAssembly module (engine-rs/wasm), and its testing twin: Debian's rustc-web builds std for
# wasm32 from source (rustup cannot fetch the target here); wasm-pack then runs wasm-bindgen and wasm-opt.
# (Without make's MAKEFLAGS and MFLAGS: in a lane they name a jobserver this recipe is not given,
# and cargo warns that it cannot reach it; it uses its own jobs either way.)
$(WASM_PKG): $(ENGINE_SRC) scripts/build-wasm.sh | $(STAMPS)/setup
	env -u MAKEFLAGS -u MFLAGS bash scripts/build-wasm.sh

$(NATIVE): $(ENGINE_SRC) | $(STAMPS)/setup
	cargo build --release --locked

# The native addon of the npm CLI's editing threads (engine-rs/node), for this platform, in
# lib/engine/native (docs/architecture.md, "The native addon").
# Its stamp lives beside it, so removing the directory removes both.
NODE_ADDON := lib/engine/native/.built
$(NODE_ADDON): $(ENGINE_SRC) Cargo.lock scripts/build-node-addon.sh | $(STAMPS)/setup
	bash scripts/build-node-addon.sh
	@touch $@

# The npm CLI and the SDK (both halves, with the module and the addon beside them): what the package ships.
$(CLI_JS): $(WASM_PKG) $(NODE_ADDON) $(shell find cli sdk lib -name '*.ts' 2>/dev/null) $(filter %.ts,$(ENGINE_DATA_OUT)) tsconfig.node.json tsconfig.browser.json scripts/build-package.mjs | $(STAMPS)/setup
	node scripts/build-package.mjs
	@touch $@

$(WEB_DIST): $(WASM_PKG) $(shell find web/src web/public web/scripts lib -type f -not -path 'lib/engine/pkg/*' -not -path 'lib/engine/diagnose-pkg/*' -not -path 'lib/engine/host-pkg/*' -not -path 'lib/engine/outputs-pkg/*' 2>/dev/null) $(filter %.ts,$(ENGINE_DATA_OUT)) web/index.html web/vite.config.ts | $(STAMPS)/setup
	npm run --silent build:web

# The Python package (engine-rs/python): an abi3 wheel built by maturin, which scripts/setup-python.sh
# installs into .venv-build/ (with the test packages' wheels) when it is missing.
PY_SRC := $(shell find engine-rs/python -type f -not -name '*.pyc' -not -path '*/__pycache__/*')
PY_WHEEL := $(STAMPS)/python-wheel
$(PY_WHEEL): $(ENGINE_SRC) $(PY_SRC) Cargo.lock scripts/build-python.sh scripts/setup-python.sh | $(STAMPS)/setup
	bash scripts/build-python.sh
	@touch $@

# The fuzzer mutator (engine-rs/afl): a shared library with AFL++'s custom mutator C ABI and libFuzzer's
# LLVMFuzzerCustomMutator (docs/mutators.md). Not a default member, so `make native` does not build it.
AFL_LIB := target/release/libfracture_afl.so
$(AFL_LIB): $(ENGINE_SRC) Cargo.lock | $(STAMPS)/setup
	cargo build --release --locked -p fracture-afl

# The native oracle the differential and property tests run (tests/cross-engine): built with the ci
# profile (release optimisation, no LTO), as `make test`'s Rust suite builds its tests into target/ci/,
# so the two share every dependency (`cargo test --no-run` builds the examples too).
ORACLE := target/ci/examples/oracle
$(ORACLE): $(ENGINE_SRC) Cargo.lock | $(STAMPS)/setup
	cargo build --profile ci --locked -p fracture-engine --example oracle

wasm: $(WASM_PKG) ## build the WebAssembly engine into lib/engine/pkg
native: $(NATIVE) ## build the native CLI, target/release/fracture
cli: $(CLI_JS) $(WASM_PKG) ## build the npm CLI, the SDK and the native addon into dist/
web: $(WEB_DIST) ## build the site into web/dist
python: $(PY_WHEEL) ## build the Python package's wheel into target/wheels/
afl-mutator: $(AFL_LIB) ## build the fuzzer mutator, target/release/libfracture_afl.so (AFL++, libFuzzer)
build: engine-data wasm native cli web ## engine-data, wasm, native, cli and web

# The Rust suite's test binaries (`cargo test --profile ci`, into target/ci/), built ahead so that
# they build beside the other lanes; the suite itself runs `cargo test`, which rebuilds what changed.
RUST_TESTS := $(STAMPS)/rust-tests
$(RUST_TESTS): $(ENGINE_SRC) Cargo.lock | $(STAMPS)/setup
	cargo test --profile ci --locked --no-run
	@touch $@

# `make start` and `make test` build in lanes side by side: each Rust build ends in a step that uses
# one core (LTO into one codegen unit, wasm-opt), so a single lane leaves the other core idle for
# minutes. Each lane has a target directory (and cargo's lock on it) of its own: the WebAssembly
# modules (target/wasm), the native release builds one after another (target/release) and, for `make
# test` (LANES_FOR=test), the Rust suite's test binaries and the oracle (target/ci), which fill the
# cores while the other two are on one each. Then the npm package and the site, side by side.
lanes: $(STAMPS)/setup $(STAMPS)/engine-data
	$(MAKE) -j3 --output-sync=line lane-wasm lane-native $(if $(LANES_FOR),lane-rust-tests)
lane-wasm: $(WASM_PKG)
lane-native:
	$(foreach t,$(NATIVE) $(NODE_ADDON) $(if $(LANES_FOR),$(AFL_LIB) $(PY_WHEEL)),$(MAKE) $(t) &&) true
lane-rust-tests: $(RUST_TESTS)
.PHONY: lanes lane-wasm lane-native lane-rust-tests

start: ## build and serve the site on http://127.0.0.1:4173/
	$(MAKE) lanes
	$(MAKE) -j2 build
	node scripts/serve.mjs web/dist

test: ## build and run every test suite (scripts/test.sh)
	$(MAKE) LANES_FOR=test lanes
	$(MAKE) -j2 build $(ORACLE) python afl-mutator
	bash scripts/test.sh

# The engine's coverage-guided fuzz target for FUZZ_SECONDS (default 60) on FUZZ_JOBS processes
# (default 1); installs cargo-fuzz when missing (docs/fuzzing.md). `make test` replays its seed corpus.
fuzz: | $(STAMPS)/setup ## run the engine's fuzz target for FUZZ_SECONDS (default 60), FUZZ_JOBS processes
	bash scripts/fuzz.sh

# AFL++ (Debian's afl++, installed when missing) on a small PNG reader (tests/afl/png_target.c) for
# DEMO_SECONDS (default 60) with the mutator, then as long with its default mutators; then libFuzzer
# the same way (up to the first crash); prints the figures side by side.
fuzz-demo: afl-mutator ## AFL++ and libFuzzer with the mutator vs their own, DEMO_SECONDS each (default 60)
	bash scripts/fuzz-demo.sh

# The mutator measured as fuzzing research measures (docs/mutators.md, "The evaluation"): AFL++ and
# libFuzzer on published decoders (png, zip, gif, each pinned to a version with a known crash), with
# their own mutators, Fracture's alone and both, FUZZ_EVAL_TRIALS trials (default 10) of
# FUZZ_EVAL_SECONDS (default 600) each, one fuzzer at a time; resumable; report from the trials saved.
fuzz-eval: afl-mutator ## AFL++ and libFuzzer on real decoders, FUZZ_EVAL_TRIALS x FUZZ_EVAL_SECONDS (default 10 x 600)
	bash scripts/fuzz-eval.sh

# Formats every Rust and TypeScript file and applies the linters' safe fixes; `make lint` checks.
fmt: | $(STAMPS)/setup ## format Rust and TypeScript and apply safe lint fixes
	cargo fmt --all
	npx biome check --write .

lint: | $(STAMPS)/setup ## check formatting, clippy, Biome, generated tables, import cycles
	bash scripts/lint.sh

# One suite of `make test` each, by its key in scripts/test.sh (the one list of suites).
test-rust: $(STAMPS)/setup $(ENGINE_DATA_OUT) ## cargo test only
	bash scripts/test.sh rust

test-unit: build $(ORACLE) ## typecheck and vitest only
	bash scripts/test.sh typecheck unit

test-parsers: build ## the real-parser suites only
	bash scripts/test.sh parsers checksums

test-e2e: build ## Playwright against the built site only
	bash scripts/test.sh e2e

test-afl: afl-mutator ## the fuzzer mutator through its C interface only
	bash scripts/test.sh afl

test-fuzz-eval: afl-mutator ## the evaluation's short form (2 targets, 2 trials of 3 s) and its statistics
	bash scripts/test.sh fuzz-eval

test-python: native python ## the Python package in a fresh virtualenv only
	bash scripts/test.sh python

bench: build ## engine and whole-process benchmarks (ratios against baselines), hostile inputs
	node tests/bench/run.mjs
	node tests/bench/process.mjs
	node tests/bench/hostile.mjs
	node tests/bench/campaign.mjs
	node tests/bench/mount.mjs
	node tests/bench/floor.mjs
	node tests/bench/startup.mjs

# 1.2 GiB and 4 GiB inputs in every mode: each process's time and peak RSS (inputs under /tmp, deleted);
# then shuffle_blocks' peak RSS on sparse 1 GiB and 8 GiB inputs (its plan memory is bounded).
bench-big: build ## 1.2 GiB and 4 GiB inputs: time and peak RSS per mode
	node tests/bench/process.mjs --big
	node tests/bench/process.mjs --shuffle-memory

# The site in headless Chromium with 200 MB files: stage times, tab memory, a six-file batch ZIP.
bench-browser: build ## the site in Chromium with 200 MB files
	node tests/bench/browser.mjs

# Lighthouse (default mobile) against the built site as `make start` serves it, 3 runs per route.
bench-site: build ## Lighthouse against the served site
	node tests/bench/site.mjs

# First-load JavaScript per route in Chromium, cold cache, as served: bytes with headers and requests.
budgets: web ## first-load JavaScript per route against the budgets (Chromium)
	node web/scripts/budgets.mjs

clean: ## remove build output
	rm -rf target web/dist dist lib/engine/pkg lib/engine/diagnose-pkg lib/engine/host-pkg lib/engine/outputs-pkg $(STAMPS)

# Recompute the golden vectors with the native engine (only with a new engine version:
# docs/contract.md, section 1.1).
golden: $(STAMPS)/setup $(ENGINE_DATA_OUT) ## recompute the golden vectors (new engine version only)
	python3 tests/golden/make_cases.py
	python3 tests/golden/make_selector_cases.py
	FRACTURE_BLESS=1 cargo test --release --test golden

sample-report: cli ## regenerate the sample report shown on the site
	node scripts/make-sample-report.mjs

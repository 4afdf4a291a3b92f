# Fracture: `make start` builds and serves the site; `make test` installs, builds and runs every test.
# Every target installs what it needs first (scripts/setup.sh skips what is already there); the
# setup stamp is an order-only prerequisite, so re-running setup never forces a rebuild by itself.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/node_modules/.bin:$(PATH)

# The engine's tables (Rust, TypeScript and the tables of docs/contract.md) are generated from
# engine-data/formats.toml by scripts/gen-engine-data.mjs, which rewrites only the files whose text
# changed: a rebuild follows only a change to a table. `make lint` fails while one is stale.
ENGINE_DATA_OUT := engine-rs/core/src/modes/tables.rs engine-rs/core/src/formats/tables.rs \
  engine-rs/core/src/recipes/tables.rs engine-rs/cli/src/ui_modes.rs \
  lib/engine/shared/mode-tables.ts lib/engine/reference/tables.ts docs/contract.md
ENGINE_SRC := $(shell find engine-rs -name '*.rs' -not -path '*/target/*') $(wildcard engine-rs/*/Cargo.toml) Cargo.toml \
  $(filter %.rs,$(ENGINE_DATA_OUT))
WASM_PKG := lib/engine/pkg/fracture_engine_bg.wasm
NATIVE := target/release/fracture
CLI_JS := dist/cli/fracture.js
WEB_DIST := web/dist/index.html
STAMPS := .stamps

.PHONY: setup engine-data build start test fmt lint test-rust test-unit test-parsers test-e2e bench bench-big bench-browser bench-site budgets clean wasm native cli web golden sample-report

$(STAMPS)/setup: scripts/setup.sh package-lock.json engine-rs/wasm/Cargo.toml
	@mkdir -p $(STAMPS)
	bash scripts/setup.sh
	@touch $@

setup: $(STAMPS)/setup

$(STAMPS)/engine-data: engine-data/formats.toml scripts/gen-engine-data.mjs | $(STAMPS)/setup
	node scripts/gen-engine-data.mjs
	@touch $@

$(ENGINE_DATA_OUT): $(STAMPS)/engine-data ;

engine-data: $(STAMPS)/engine-data

# The WebAssembly module (engine-rs/wasm), and its testing twin: Debian's rustc-web builds std for
# wasm32 from source (rustup cannot fetch the target here); wasm-pack then runs wasm-bindgen and wasm-opt.
$(WASM_PKG): $(ENGINE_SRC) scripts/build-wasm.sh | $(STAMPS)/setup
	bash scripts/build-wasm.sh

$(NATIVE): $(ENGINE_SRC) | $(STAMPS)/setup
	cargo build --release --locked

# The npm CLI and the SDK (both halves, with the module beside them): what the package ships.
$(CLI_JS): $(WASM_PKG) $(shell find cli sdk lib -name '*.ts' 2>/dev/null) $(filter %.ts,$(ENGINE_DATA_OUT)) tsconfig.node.json tsconfig.browser.json scripts/build-package.mjs | $(STAMPS)/setup
	node scripts/build-package.mjs
	@touch $@

$(WEB_DIST): $(WASM_PKG) $(shell find web/src web/public web/scripts lib -type f -not -path 'lib/engine/pkg/*' 2>/dev/null) $(filter %.ts,$(ENGINE_DATA_OUT)) web/index.html web/vite.config.ts | $(STAMPS)/setup
	npm run --silent build:web

wasm: $(WASM_PKG)
native: $(NATIVE)
cli: $(CLI_JS) $(WASM_PKG)
web: $(WEB_DIST)
build: engine-data wasm native cli web

start: build
	node scripts/serve.mjs web/dist

test: build
	bash scripts/test.sh

# Formats every Rust and TypeScript file and applies the linters' safe fixes; `make lint` checks.
fmt: | $(STAMPS)/setup
	cargo fmt --all
	npx biome check --write .

lint: | $(STAMPS)/setup
	bash scripts/lint.sh

test-rust: $(STAMPS)/setup $(ENGINE_DATA_OUT)
	cargo test --release --locked

test-unit: build
	npx vitest run --config web/vite.config.ts

test-parsers: build
	python3 tests/parsers/run.py --strict
	python3 tests/parsers/checksums.py

test-e2e: build
	npx playwright test -c tests/e2e/playwright.config.ts

bench: build
	node tests/bench/run.mjs
	node tests/bench/process.mjs

# 1.2 GiB and 4 GiB inputs in every mode: each process's time and peak RSS (inputs under /tmp, deleted).
bench-big: build
	node tests/bench/process.mjs --big

# The site in headless Chromium with 200 MB files: stage times, tab memory, a six-file batch ZIP.
bench-browser: build
	node tests/bench/browser.mjs

# Lighthouse (default mobile) against the built site as `make start` serves it, 3 runs per route.
bench-site: build
	node tests/bench/site.mjs

# First-load JavaScript per route against the budgets (brotli bytes, from the build).
budgets: web
	node web/scripts/budgets.mjs

clean:
	rm -rf target web/dist dist lib/engine/pkg $(STAMPS)

# Recompute the golden vectors with the native engine (only with a new engine version:
# docs/contract.md, section 1.1).
golden: $(STAMPS)/setup $(ENGINE_DATA_OUT)
	python3 tests/golden/make_cases.py
	FRACTURE_BLESS=1 cargo test --release --test golden

sample-report: cli
	node scripts/make-sample-report.mjs

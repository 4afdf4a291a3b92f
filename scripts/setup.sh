#!/usr/bin/env bash
# Installs everything the build and the tests need, idempotently: each step is skipped when what it
# installs is already present. Safe to run on every `make test` / `make start`.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' engine-rs/wasm/Cargo.toml)
WASM_PACK_VERSION=0.15.1
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"

log() { printf '[setup] %s\n' "$*"; }

# Debian packages: the wasm-capable Rust toolchain (see docs/toolchain.md), Chromium (the browser, which
# the benchmarks measure, and its headless shell, which the tests drive: docs/toolchain.md), the
# real parsers that judge "won't open" and the readers that judge kept checksums (vorbis-tools'
# ogginfo and oggenc, flac), the strict readers of tests/parsers/strict.py (pngcheck, djpeg, webpinfo
# and dwebp, gif2rgb, libheif-examples' heif-info and heif-convert; ffmpeg and binutils' readelf above, and
# mp4box.js from the npm lock file, since Debian 12 ships no GPAC), zzuf and openssl for the benchmarks
# (openssl: tests/bench/floor.mjs's hashing floor), and gcc for the fuzzer mutator's C test (tests/afl;
# `make fuzz-demo` installs afl++ itself, scripts/fuzz-demo.sh) and ring's C and assembly (the engine's
# native SHA-256); fuse3 (fusermount3) for `fracture mount`, and sqlite3, a real program the mount's
# tests run under faults.
APT_PACKAGES=(rustc-web cargo-web rust-web-src rust-web-llvm lld-22
  chromium chromium-headless-shell ffmpeg imagemagick qpdf poppler-utils unzip zip p7zip-full binutils
  zzuf openssl xz-utils bzip2 gzip tar python3 hyperfine time
  libmagickcore-6.q16-6-extra msitools wixl gcab vorbis-tools flac gcc libc6-dev
  pngcheck libjpeg-turbo-progs webp giflib-tools libheif-examples dos2unix vsftpd curl fuse3 sqlite3)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  log "Debian packages present"
fi

export PATH="$HOME/.cargo/bin:$PATH"
# The two cargo installs compile side by side, and npm ci runs meanwhile (their builds end in links
# on one core, and npm mostly waits on the network); each install's output is shown if it fails.
logs=$(mktemp -d "${TMPDIR:-/tmp}/fracture-setup.XXXXXX")
trap 'rm -rf "$logs"' EXIT
installs=()
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  log "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # Not --locked: its lock file pins a webpki-roots release the registry no longer serves; TLS is
  # only for downloads we never make, so it is left out.
  cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION" --no-default-features -q \
    >"$logs/wasm-bindgen-cli" 2>&1 &
  installs+=("$!:wasm-bindgen-cli")
else
  log "wasm-bindgen $WASM_BINDGEN_VERSION present"
fi
if [ "$(wasm-pack --version 2>/dev/null | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
  log "cargo install wasm-pack $WASM_PACK_VERSION"
  # Unoptimised: wasm-pack only starts cargo, wasm-bindgen and wasm-opt, so its own speed does not
  # show (a module's build took 10.4-10.8 s with either build), and it compiles in 55 s of CPU against
  # 131 s at opt-level 3, beside wasm-bindgen's install on a fresh machine (docs/toolchain.md).
  CARGO_PROFILE_RELEASE_OPT_LEVEL=0 cargo install wasm-pack --version "=$WASM_PACK_VERSION" --locked -q \
    >"$logs/wasm-pack" 2>&1 &
  installs+=("$!:wasm-pack")
else
  log "wasm-pack $WASM_PACK_VERSION present"
fi

# npm: reinstall only when the lock file changed since the last install. Its `prepare` builds nothing
# here (FRACTURE_VIA_MAKE): the wasm tools may still be compiling, and make builds the modules.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "npm ci"
  FRACTURE_VIA_MAKE=1 npm ci --no-audit --no-fund --loglevel=error
else
  log "node_modules up to date"
fi
for entry in "${installs[@]}"; do
  if ! wait "${entry%%:*}"; then
    cat "$logs/${entry#*:}" >&2
    log "cargo install ${entry#*:} failed"
    exit 1
  fi
done

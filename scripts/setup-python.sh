#!/usr/bin/env bash
# What the Python package's build and tests need, installed idempotently into .venv-build/ (ignored by
# git): maturin, which builds the wheel and the sdist (docs/python.md), and a wheelhouse of pytest,
# Hypothesis and mypy (which checks the package's types as a user's code sees them) from which tests/python/run.sh fills a fresh virtual environment for every run without
# going to the package index again. Each step is skipped when what it installs is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

MATURIN_VERSION=1.16.0
TEST_PACKAGES=(pytest==9.2.0 hypothesis==6.170.17 mypy==2.4.1)
VENV=.venv-build
PYTHON=${PYTHON:-python3}

log() { printf '[setup-python] %s\n' "$*"; }

if [ ! -x "$VENV/bin/python" ]; then
  log "python3 -m venv $VENV"
  "$PYTHON" -m venv "$VENV"
fi
if [ "$("$VENV/bin/maturin" --version 2>/dev/null | awk '{print $2}')" != "$MATURIN_VERSION" ]; then
  log "pip install maturin==$MATURIN_VERSION"
  "$VENV/bin/pip" install -q --disable-pip-version-check "maturin==$MATURIN_VERSION"
else
  log "maturin $MATURIN_VERSION present"
fi
# The stamp names the pinned versions: a new pin downloads again.
stamp="$VENV/wheelhouse/.${TEST_PACKAGES[*]// /_}"
if [ ! -f "$stamp" ]; then
  log "pip download ${TEST_PACKAGES[*]} into $VENV/wheelhouse"
  rm -rf "$VENV/wheelhouse"
  "$VENV/bin/pip" download -q --disable-pip-version-check -d "$VENV/wheelhouse" "${TEST_PACKAGES[@]}"
  touch "$stamp"
else
  log "wheelhouse present (${TEST_PACKAGES[*]})"
fi

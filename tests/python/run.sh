#!/usr/bin/env bash
# The Python package's tests as users meet them: builds the wheel (`make python`), makes a FRESH
# virtual environment, installs the wheel with pytest, Hypothesis and mypy there (from the wheelhouse
# scripts/setup-python.sh keeps, so no index is needed), and runs pytest over tests/python/ with that
# environment's interpreter. The package's sdist is built too, and checked for what a build needs.
# Arguments go to pytest (`bash tests/python/run.sh -k golden`).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
make -s native python
# The source distribution: maturin must be able to write it, with the crates it builds from.
rm -rf tests/.work/python-sdist
.venv-build/bin/maturin sdist -m engine-rs/python/Cargo.toml --out tests/.work/python-sdist 2>/dev/null
sdist=$(ls tests/.work/python-sdist/fracture-*.tar.gz)
listing=$(tar tzf "$sdist")
for f in pyproject.toml Cargo.lock engine-rs/python/src/lib.rs engine-rs/core/src/lib.rs engine-rs/host/src/host_fields.rs \
  python/fracture/__init__.py python/fracture/py.typed python/fracture/_native.pyi; do
  grep -qx "fracture-[0-9.]*/$f" <<<"$listing" || { echo "sdist lacks $f" >&2; exit 1; }
done
echo "sdist: $(basename "$sdist") ($(wc -l <<<"$listing") files)"

venv=tests/.work/python-venv
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check --no-index --find-links .venv-build/wheelhouse \
  pytest hypothesis mypy target/wheels/fracture-*.whl
# From a directory outside the source tree, so that `import fracture` can only be the installed one.
cd "$venv"
FRACTURE_ROOT=$root FRACTURE_CLI=$root/target/release/fracture \
  "$root/$venv/bin/python" -m pytest "$root/tests/python" -p no:cacheprovider -q --rootdir "$root/tests/python" "$@"

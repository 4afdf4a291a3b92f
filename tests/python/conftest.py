"""Shared helpers of the Python package's tests (run by tests/python/run.sh in a fresh virtualenv,
against the installed wheel: `import fracture` is never the source tree)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

pytest_plugins = ["pytester"]

ROOT = Path(os.environ.get("FRACTURE_ROOT", Path(__file__).resolve().parents[2]))
CLI = Path(os.environ.get("FRACTURE_CLI", ROOT / "target" / "release" / "fracture"))
TIMINGS = ("time_ms", "ops_ms")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def untimed(report: Dict[str, Any]) -> Dict[str, Any]:
    """A report without its timing fields, which differ from run to run."""
    return {k: v for k, v in report.items() if k not in TIMINGS}


class Cli:
    """The native `fracture` command, run as a subprocess."""

    def __init__(self, path: Path) -> None:
        if not path.is_file():
            pytest.fail(f"{path} is missing: `make native` builds it")
        self.path = path

    def run(self, args: List[str], cwd: Path) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.path), *args], cwd=cwd, capture_output=True, text=True, timeout=120)

    def corrupt(self, src: Path, out: Path, options: List[str]) -> Dict[str, Any]:
        """`fracture --json --quiet --out OUT OPTIONS SRC`: the report, with the output at
        OUT/{base}_corrupted{.ext}."""
        p = self.run(["--json", "--quiet", "--out", str(out), *options, str(src)], cwd=out.parent)
        assert p.returncode == 0, p.stderr
        lines = [line for line in p.stdout.splitlines() if line.startswith("{")]
        assert len(lines) == 1, p.stdout
        return json.loads(lines[0])

    def error(self, args: List[str], cwd: Path) -> str:
        """The one-line message of a refused run, without `fracture: ` and `(see fracture --help)`."""
        p = self.run(args, cwd=cwd)
        assert p.returncode == 2, (p.returncode, p.stderr)
        line = p.stderr.strip().splitlines()[-1]
        assert line.startswith("fracture: ") and line.endswith(" (see fracture --help)"), line
        return line[len("fracture: ") : -len(" (see fracture --help)")]


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(CLI)


def cli_options(
    mode: str, intensity: int, seed: int, ranges: Optional[Dict[str, List[str]]] = None, fix: bool = False
) -> List[str]:
    args = ["--mode", mode, "--intensity", str(intensity), "--seed", str(seed)]
    for kind in ("only", "protect"):
        for r in (ranges or {}).get(kind, []):
            args.append(f"--{kind}={r}")
    if fix:
        args.append("--fix-checksums")
    return args

"""The installed package as a user finds it: where it comes from, its types, its constants."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import fracture


def test_imported_from_the_installed_wheel_not_the_source_tree():
    where = Path(fracture.__file__).resolve()
    assert Path(sys.prefix).resolve() in where.parents, where
    assert "site-packages" in where.parts
    assert importlib.metadata.version("fracture") == "1.0.0"


def test_typed():
    package = Path(fracture.__file__).parent
    assert (package / "py.typed").is_file()
    assert (package / "_native.pyi").is_file()
    assert "def corrupt(" in (package / "_native.pyi").read_text()


USER_CODE = """
import fracture
from fracture.hypothesis import corruptions

result: fracture.Result = fracture.corrupt(b"abc", seed=1, ranges={"only": ["0:1"]})
data: bytes = result.data
seed: int = result.seed
report = fracture.corrupt_file("a.png", "b.png", mode="bit_rot")
strategy = corruptions(b"abc", modes=["bit_rot"])
wrong = fracture.corrupt("text")
"""


def test_types_as_a_user_sees_them(tmp_path: Path):
    """mypy --strict: the package itself is clean, and a user's mistake is caught from its types."""
    mypy = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache")]
    p = subprocess.run([*mypy, "-p", "fracture"], capture_output=True, text=True, cwd=tmp_path)
    assert p.returncode == 0, p.stdout
    (tmp_path / "user.py").write_text(USER_CODE)
    p = subprocess.run([*mypy, "user.py"], capture_output=True, text=True, cwd=tmp_path)
    errors = [line for line in p.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, p.stdout
    assert errors[0].startswith("user.py:10: error: Argument 1 to \"corrupt\" has incompatible type \"str\"")


def test_the_pytest_plugin_is_registered_by_entry_point():
    points = importlib.metadata.entry_points(group="pytest11")
    assert [(p.name, p.value) for p in points if p.name == "fracture"] == [("fracture", "fracture.pytest_plugin")]


def test_modes():
    assert fracture.MODES == (
        "byte_flip",
        "header_preserve_flip",
        "truncate_insert",
        "shuffle_blocks",
        "guaranteed_break",
        "interrupted_transfer",
        "bad_sectors",
        "bit_rot",
        "text_transfer",
        "seven_bit",
        "charset_roundtrip",
        "misdirected_write",
    )
    assert fracture.UI_MODES["quick_scramble"] == "byte_flip"
    assert set(fracture.UI_MODES.values()) == set(fracture.MODES)
    assert fracture.MAX_SEED == 2**53 - 1


def test_result():
    a = fracture.corrupt(b"hello world" * 100, seed=5)
    b = fracture.corrupt(b"hello world" * 100, seed=5)
    assert a == b and a.data == b.data and a is not b
    assert a.seed == 5 and a.replay == a.report["replay"]
    assert "seed=5" in repr(a) and "1100 bytes" in repr(a)
    assert fracture.corrupt(bytearray(b"abc" * 50), seed=1) == fracture.corrupt(memoryview(b"abc" * 50), seed=1)


def test_seed_none_draws_a_seed_the_report_records():
    data = bytes(range(256)) * 64
    seeds = {fracture.corrupt(data).seed for _ in range(8)}
    assert len(seeds) > 1 and all(0 <= s < 2**31 - 1 for s in seeds)
    r = fracture.corrupt(data)
    assert untimed_equal(fracture.corrupt(data, seed=r.seed), r)


def untimed_equal(a, b):
    t = ("time_ms", "ops_ms")
    return a.data == b.data and {k: v for k, v in a.report.items() if k not in t} == {
        k: v for k, v in b.report.items() if k not in t
    }


def test_corrupted_name():
    assert fracture.corrupted_name("photo.png") == "photo_corrupted.png"
    assert fracture.corrupted_name("photo.png", 7) == "photo_corrupted_7.png"
    assert fracture.corrupted_name("README") == "README_corrupted.bin"
    assert fracture.corrupted_name(".bashrc") == ".bashrc_corrupted.bin"

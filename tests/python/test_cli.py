"""The package against the native CLI (target/release/fracture, run as a subprocess): the same report
(timings aside) and the same bytes for the same input and options, and the same message for a bad
option."""

from __future__ import annotations

import io
import json
import shlex
import zipfile
from pathlib import Path

import pytest
from conftest import cli_options, sha256, untimed
from inputs import png, text

import fracture


def zip_archive() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        z.writestr("a.txt", b"alpha " * 2000)
        z.writestr("b.txt", b"beta " * 3000)
    return buf.getvalue()


FILES = {
    "photo.png": png(),
    "archive.zip": zip_archive(),
    "app.log": text(),
    "blob.bin": bytes((i * 7919) % 251 for i in range(70_000)),
    "empty.dat": b"",
}

CASES = [
    (name, mode, intensity, seed, None, False)
    for name in FILES
    for mode, intensity, seed in (
        ("byte_flip", 80, 1),
        ("header_preserve_flip", 30, 2),
        ("truncate_insert", 55, 3),
        ("shuffle_blocks", 100, 4),
        ("guaranteed_break", 80, 5),
        ("interrupted_transfer", 20, 6),
        ("bad_sectors", 90, 7),
        ("bit_rot", 10, 9_007_199_254_740_991),
    )
] + [
    ("photo.png", "bit_rot", 60, 11, None, True),
    ("archive.zip", "byte_flip", 40, 12, {"only": ["0x40:"]}, True),
    ("blob.bin", "bad_sectors", 70, 13, {"only": ["0:0x8000", "-4096:"], "protect": ["100:200"]}, False),
    ("app.log", "header_preserve_flip", 50, 14, {"protect": ["-12:"]}, False),
]


@pytest.mark.parametrize("name,mode,intensity,seed,ranges,fix", CASES)
def test_same_report_and_bytes_as_the_cli(cli, tmp_path: Path, name, mode, intensity, seed, ranges, fix):
    src = tmp_path / name
    src.write_bytes(FILES[name])
    expected = cli.corrupt(src, tmp_path / "cli", cli_options(mode, intensity, seed, ranges, fix))
    expected_bytes = (tmp_path / "cli" / fracture.corrupted_name(name)).read_bytes()
    options = dict(mode=mode, intensity=intensity, seed=seed, ranges=ranges, fix_checksums=fix)

    result = fracture.corrupt(FILES[name], name=name, **options)
    assert untimed(result.report) == untimed(expected)
    assert list(result.report) == list(expected)  # the same fields in the same order
    assert result.data == expected_bytes

    report = fracture.corrupt_file(src, tmp_path / "py.out", **options)
    assert untimed(report) == untimed(expected)
    assert (tmp_path / "py.out").read_bytes() == expected_bytes
    assert src.read_bytes() == FILES[name]


# The conversion modes and misdirected_write with their options (docs/contract.md, 6.13 to 6.16):
# keyword arguments as the CLI's --direction, --charset, --bom and --block-size.
VARIANT_CASES = [
    ("app.log", "text_transfer", 100, 21, {"direction": "lf_to_crlf"}),
    ("photo.png", "text_transfer", 70, 22, {}),
    ("photo.png", "seven_bit", 100, 23, {}),
    ("app.log", "charset_roundtrip", 100, 24, {"direction": "from_utf8", "charset": "latin1", "bom": "add"}),
    ("blob.bin", "charset_roundtrip", 60, 25, {"charset": "cp1252", "bom": "strip"}),
    ("blob.bin", "misdirected_write", 100, 26, {"block_size": 512}),
]


@pytest.mark.parametrize("name,mode,intensity,seed,variant", VARIANT_CASES)
def test_the_new_modes_options_as_the_cli_takes_them(cli, tmp_path: Path, name, mode, intensity, seed, variant):
    src = tmp_path / name
    src.write_bytes(FILES[name])
    flags = [w for k, v in variant.items() for w in (f"--{k.replace('_', '-')}", str(v))]
    expected = cli.corrupt(src, tmp_path / "cli", cli_options(mode, intensity, seed) + flags)
    expected_bytes = (tmp_path / "cli" / fracture.corrupted_name(name)).read_bytes()
    result = fracture.corrupt(FILES[name], name=name, mode=mode, intensity=intensity, seed=seed, **variant)
    assert untimed(result.report) == untimed(expected)
    assert result.data == expected_bytes
    report = fracture.corrupt_file(src, tmp_path / "py.out", mode=mode, intensity=intensity, seed=seed, **variant)
    assert untimed(report) == untimed(expected)
    assert (tmp_path / "py.out").read_bytes() == expected_bytes


def test_the_new_modes_options_refused_with_the_cli_message():
    with pytest.raises(ValueError, match="^Block size must be 512 or 4096, got 1024$"):
        fracture.corrupt(b"x" * 9000, mode="misdirected_write", block_size=1024)
    with pytest.raises(ValueError, match="^A direction works with text_transfer and charset_roundtrip, not bit_rot$"):
        fracture.corrupt(b"x", mode="bit_rot", direction="lf_to_crlf")


def test_site_mode_names_as_the_cli_takes_them(cli, tmp_path: Path):
    src = tmp_path / "photo.png"
    src.write_bytes(FILES["photo.png"])
    expected = cli.corrupt(src, tmp_path / "cli", cli_options("stealth_corruption", 40, 8))
    result = fracture.corrupt(FILES["photo.png"], name="photo.png", mode="stealth_corruption", intensity=40, seed=8)
    assert result.report["mode"] == "header_preserve_flip"
    assert untimed(result.report) == untimed(expected)


def test_the_replay_command_makes_the_same_bytes(cli, tmp_path: Path):
    """A drawn seed, recorded in the report: its replay run by the CLI gives the bytes again."""
    data = FILES["blob.bin"]
    result = fracture.corrupt(data, name="my blob.bin", mode="bit_rot", intensity=30, ranges={"only": ["-1000:"]})
    (tmp_path / "my blob.bin").write_bytes(data)
    words = shlex.split(result.replay)
    assert words[0] == "fracture" and words[-1] == "my blob.bin"
    p = cli.run([*words[1:-1], "--quiet", "--out", "out", words[-1]], cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "out" / "my blob_corrupted.bin").read_bytes() == result.data


BAD = [
    (dict(mode="shred"), ["--mode", "shred"]),
    (dict(intensity=101), ["--intensity", "101"]),
    (dict(intensity=-1), ["--intensity", "-1"]),
    (dict(seed=2**53), ["--seed", str(2**53)]),
    (dict(seed=-5), ["--seed", "-5"]),
    (dict(mode="truncate_insert", ranges={"only": ["0:10"]}), ["--mode", "truncate_insert", "--only", "0:10"]),
    (dict(ranges={"only": ["10"]}), ["--only", "10"]),
    (dict(ranges={"protect": ["20:10"]}), ["--protect", "20:10"]),
    (dict(ranges={"only": ["0x:"]}), ["--only", "0x:"]),
    (dict(mode="shuffle_blocks", fix_checksums=True), ["--mode", "shuffle_blocks", "--fix-checksums"]),
    (dict(mode="guaranteed_break", fix_checksums=True), ["--mode", "guaranteed_break", "--fix-checksums"]),
]


@pytest.mark.parametrize("options,args", BAD, ids=[" ".join(a) for _, a in BAD])
def test_bad_options_raise_value_error_with_the_cli_message(cli, tmp_path: Path, options, args):
    (tmp_path / "f.bin").write_bytes(b"x" * 100)
    message = cli.error([*args, "f.bin"], cwd=tmp_path)
    with pytest.raises(ValueError) as e:
        fracture.corrupt(b"x" * 100, **options)
    assert str(e.value) == message
    with pytest.raises(ValueError) as e:
        fracture.corrupt_file(tmp_path / "f.bin", tmp_path / "out.bin", **options)
    assert str(e.value) == message
    assert not (tmp_path / "out.bin").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.bin"]


def test_ranges_that_leave_nothing_raise_the_engine_message(cli, tmp_path: Path):
    (tmp_path / "f.bin").write_bytes(b"x" * 100)
    p = cli.run(["--protect", "0:", "--quiet", "f.bin"], cwd=tmp_path)
    assert p.returncode == 1
    message = p.stderr.strip().splitlines()[-1].split(": ", 2)[-1]
    with pytest.raises(ValueError, match="leave no byte") as e:
        fracture.corrupt(b"x" * 100, ranges={"protect": ["0:"]})
    assert str(e.value) == message
    with pytest.raises(ValueError) as e:
        fracture.corrupt_file(tmp_path / "f.bin", tmp_path / "out.bin", ranges={"protect": ["0:"]})
    assert str(e.value) == message


def test_python_types_that_are_no_option():
    with pytest.raises(ValueError, match="^Intensity must be an integer from 0 to 100, got 5.5$"):
        fracture.corrupt(b"x", intensity=5.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="^Intensity must be an integer from 0 to 100, got True$"):
        fracture.corrupt(b"x", intensity=True)
    with pytest.raises(ValueError, match="^Seed must be an integer"):
        fracture.corrupt(b"x", seed="7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ranges takes the keys 'only' and 'protect', not 'skip'"):
        fracture.corrupt(b"x", ranges={"skip": ["0:1"]})
    with pytest.raises(ValueError, match="fix_checksums must be True or False"):
        fracture.corrupt(b"x", fix_checksums=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        fracture.corrupt("text")  # type: ignore[arg-type]
    # A single range may be given as a text.
    a = fracture.corrupt(bytes(5000), mode="bit_rot", seed=1, ranges={"only": "100:200"})
    b = fracture.corrupt(bytes(5000), mode="bit_rot", seed=1, ranges={"only": ["100:200"]})
    assert a.data == b.data and a.report["ranges"] == "only 100:200"

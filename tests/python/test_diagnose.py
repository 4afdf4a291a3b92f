"""fracture.diagnose as users meet it: on a PNG damaged as a text-mode transfer damages it and on one
an editor gave a byte order mark, it names what the CLI names, in the same words (docs/damage.md)."""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

import pytest

import fracture


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")

    raw = b"".join(b"\x00" + bytes((x * 7 + y * 13) % 256 for x in range(96)) for y in range(64))
    ihdr = (32).to_bytes(4, "big") + (64).to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def _unix2dos(data: bytes) -> bytes:
    out = bytearray()
    for i, b in enumerate(data):
        if b == 0x0A and (i == 0 or data[i - 1] != 0x0D):
            out += b"\r"
        out.append(b)
    return bytes(out)


def test_diagnose_names_what_the_cli_names(tmp_path: Path, cli) -> None:
    png = _png()
    (tmp_path / "a.png").write_bytes(png)
    (tmp_path / "dos.png").write_bytes(_unix2dos(png))
    d = fracture.diagnose(tmp_path / "dos.png")
    assert d.damaged
    assert d.causes[0]["cause"] == "text_transfer"
    assert d.causes[0]["direction"] == "lf_to_crlf"
    shown = str(tmp_path / "dos.png")
    run = cli.run(["diagnose", "--json", shown], tmp_path)
    assert run.returncode == 1
    assert json.loads(run.stdout) == d.report
    assert cli.run(["diagnose", shown], tmp_path).stdout == d.text
    against = fracture.diagnose(tmp_path / "dos.png", tmp_path / "a.png")
    assert against.report["explained"] is True
    assert against.report["original"]["summary"].startswith("Every difference is an LF to CRLF conversion:")
    healthy = fracture.diagnose(tmp_path / "a.png")
    assert not healthy.damaged and healthy.causes == []
    bom = fracture.diagnose(b"\xef\xbb\xbf" + png, name="bom.png")
    assert [c["cause"] for c in bom.causes] == ["bom_added"]


def test_diagnose_refuses_what_the_cli_refuses(tmp_path: Path) -> None:
    (tmp_path / "empty.bin").write_bytes(b"")
    with pytest.raises(ValueError, match="is empty: there is nothing to diagnose"):
        fracture.diagnose(tmp_path / "empty.bin")
    with pytest.raises(ValueError, match="is a directory, not a regular file"):
        fracture.diagnose(tmp_path)
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(ValueError, match="is a FIFO, not a regular file"):
        fracture.diagnose(tmp_path / "pipe")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.bin", "pipe"]

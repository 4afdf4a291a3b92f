"""The golden vectors' input generators (tests/golden/README.md), and small files of real formats."""

from __future__ import annotations

import struct
import zlib
from typing import Any, Dict


def generate(spec: Dict[str, Any]) -> bytes:
    gen = spec["gen"]
    if gen == "hex":
        return bytes.fromhex(spec["hex"])
    if gen == "text":
        text = spec["text"].encode("utf-8")
        n = spec["len"]
        return (text * (n // max(len(text), 1) + 1))[:n] if text else b""
    if gen == "pattern":
        return bytes(i % 256 for i in range(spec["len"]))
    if gen == "zeros":
        return bytes(spec["len"])
    if gen == "random":
        n = spec["len"]
        x = spec["seed"] or 0x9E3779B9
        out = bytearray()
        while len(out) < n:
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            out += struct.pack("<I", x)
        return bytes(out[:n])
    if gen == "concat":
        return b"".join(generate(p) for p in spec["parts"])
    raise ValueError(f"unknown generator {gen}")


def png(width: int = 64, height: int = 48) -> bytes:
    """A real PNG (RGB, one IDAT), which image readers open."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + bytes((x * 4 + y) % 256 for x in range(width * 3)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def text(n: int = 300_000) -> bytes:
    line = b"2026-11-26 INFO request served in 12 ms\n"
    return (line * (n // len(line) + 1))[:n]

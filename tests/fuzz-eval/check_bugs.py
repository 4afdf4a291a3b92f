"""Each target's known bug (targets.py) crashes its harness: a reproducer per bug, made here, is
replayed through the plain build, and its panic must be at the bug's site, while every seed
decodes without one. `python3 tests/fuzz-eval/check_bugs.py REPLAY`; prints `N passed, N failed`."""

import base64
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from targets import TARGETS, bug_site  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def reproducers():
    # A 4x4 palette image whose PLTE holds 4 bytes (one entry and one byte), every CRC valid.
    rows = b"".join(b"\0" + bytes([0, 1, 0, 1]) for _ in range(4))
    png = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 3, 0, 0, 0))
           + png_chunk(b"PLTE", bytes([255, 0, 0, 0])) + png_chunk(b"IDAT", zlib.compress(rows))
           + png_chunk(b"IEND", b""))
    # The file of image-rs/image-gif issue 28, as the issue gives it.
    gif = base64.b64decode(
        "R0lGODlhIAAgAPEDAAAAAP8AAP//AP///yH5BO0AAAAALAAAAAADAAAA6urq6urq6urq6urq6uoA////IfkE7QAAAAAsAAAAAAMAAA"
        "Dq6urq6urq6urq6urq6gPk1CaE9GfJKAAWfzs="
    )
    # The stored seed archive with its central directory's extended-timestamp field length set to 0.
    z = bytearray(open(os.path.join(HERE, "seeds/zip/stored.zip"), "rb").read())
    at = z.find(b"UT", z.find(b"PK\x01\x02"))
    z[at + 2 : at + 4] = b"\0\0"
    return {"png": png, "gif": gif, "zip": bytes(z)}


def replay(binary, target, files):
    out = subprocess.run([binary, target, *files], capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def main():
    binary = sys.argv[1]
    checks = []
    with tempfile.TemporaryDirectory() as tmp:
        for target, data in reproducers().items():
            path = os.path.join(tmp, target)
            open(path, "wb").write(data)
            [result] = replay(binary, target, [path])
            site = bug_site(result.get("at", "")) if result.get("panic") else None
            ok = site == TARGETS[target]["bug"]["at"]
            checks.append(ok)
            print(f"{'ok' if ok else 'FAILED'}: {target} reproducer panics at {site}: {result.get('panic')}")
            seeds = os.path.join(HERE, "seeds", target)
            for r in replay(binary, target, [os.path.join(seeds, f) for f in sorted(os.listdir(seeds))]):
                checks.append(r["panic"] is None)
                if r["panic"] is not None:
                    print(f"FAILED: seed {r['file']} panics: {r['panic']}")
    failed = checks.count(False)
    print(f"{len(checks) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

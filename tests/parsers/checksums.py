#!/usr/bin/env python3
"""Keeping checksums valid, judged by real readers (docs/contract.md, section 6.10).

Fixtures are made by the tools real files come from: ImageMagick (PNG), Python's zipfile (ZIP_STORED,
streamed with data descriptors, and a deflated entry), GNU tar, oggenc (Ogg Vorbis) and flac. Each is
corrupted by the native CLI (target/release/fracture) with --fix-checksums, the damage kept inside
the bytes the checksums cover (--only ranges found here, by this script's own reading of each format),
and judged:

  1. the readers find every checksum valid: Python's zlib (PNG chunk CRCs), zipfile.testzip and
     `unzip -t`, Python's tarfile and `tar tf`, `ogginfo`, `flac -t` (no frame CRC error);
  2. the content is still damaged: the decompressed image data, the extracted members, the names
     tar lists, the decoded audio differ from the original's;
  3. the control: the same run without --fix-checksums is caught by the same readers' checksums,
     so the test can fail.

The report's `checksums_fixed` and `checksums_unfixable` are checked too (a deflated ZIP entry, the
FLAC MD5). Then GNU tar's own formats (docs/contract.md, section 6.10.1): archives made here by GNU
tar with names and a link target longer than 100 bytes and a sparse file of many data regions, in
`--format=gnu -S` and `--format=oldgnu -S` (old GNU sparse members with extension blocks), `--format=pax
-S` and `--format=pax`; the first header of every member is damaged, and after the fix `tar tvf` and
Python's tarfile list every member (without the fix, they cannot). Exits non-zero on any failure,
printing the commands that reproduce it.

Run: python3 tests/parsers/checksums.py [--keep]
"""

import io
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import wave
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(ROOT, "tests", ".work", "checksums")
CLI = os.path.join(ROOT, "target", "release", "fracture")
CONVERT = "/usr/bin/convert"

failures = []


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def check(ok, what, detail=""):
    print(f"{'ok  ' if ok else 'FAIL'} {what}" + (f": {detail}" if detail and not ok else ""))
    if not ok:
        failures.append(f"{what}: {detail}")


# Fixtures

def make_fixtures():
    os.makedirs(WORK, exist_ok=True)
    f = {}
    f["png"] = os.path.join(WORK, "gradient.png")
    subprocess.run([CONVERT, "-size", "96x64", "gradient:red-blue", "-define", "png:compression-level=0", f["png"]], check=True)
    text = b"".join(b"line %04d of a stored member, to be damaged where it lies\n" % i for i in range(200))
    f["zip"] = os.path.join(WORK, "stored.zip")
    with zipfile.ZipFile(f["zip"], "w", zipfile.ZIP_STORED) as z:
        z.writestr("a.txt", text)
        z.writestr("b.bin", bytes(range(256)) * 40)
    # Written to a stream that cannot seek: zipfile then sets bit 3 and writes data descriptors.
    stream = io.BytesIO()
    class NoSeek(io.RawIOBase):
        def writable(self):
            return True
        def write(self, b):
            return stream.write(b)
    with zipfile.ZipFile(NoSeek(), "w", zipfile.ZIP_STORED) as z:
        z.writestr("streamed.txt", text)
    f["zipdd"] = os.path.join(WORK, "streamed.zip")
    open(f["zipdd"], "wb").write(stream.getvalue())
    f["zipmixed"] = os.path.join(WORK, "mixed.zip")
    with zipfile.ZipFile(f["zipmixed"], "w") as z:
        z.writestr(zipfile.ZipInfo("stored.txt"), text, compress_type=zipfile.ZIP_STORED)
        z.writestr(zipfile.ZipInfo("deflated.txt"), text, compress_type=zipfile.ZIP_DEFLATED)
    src = os.path.join(WORK, "tree")
    os.makedirs(src, exist_ok=True)
    open(os.path.join(src, "first.txt"), "wb").write(text)
    open(os.path.join(src, "second.txt"), "wb").write(text[::-1])
    f["tar"] = os.path.join(WORK, "tree.tar")
    subprocess.run(["tar", "cf", f["tar"], "-C", WORK, "tree/first.txt", "tree/second.txt"], check=True)
    wav = os.path.join(WORK, "tone.wav")
    with wave.open(wav, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(22050)
        w.writeframes(b"".join(struct.pack("<h", int(9000 * math.sin(i * 0.05) + 3000 * math.sin(i * 0.31))) for i in range(22050 * 6)))
    f["ogg"] = os.path.join(WORK, "tone.ogg")
    subprocess.run(["oggenc", "-Q", "-q", "2", "-o", f["ogg"], wav], check=True)
    # Noise: flac stores it in VERBATIM subframes, where a flipped bit changes a sample and nothing of
    # the frame's layout, so libFLAC reaches each stored CRC-16 where the frame ends. (In a predicted
    # subframe a flipped residual bit moves the end libFLAC parses to, and it reports a CRC mismatch
    # there whatever the stored CRC says.)
    noise = os.path.join(WORK, "noise.wav")
    x = 2463534242
    samples = bytearray()
    for _ in range(22050):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        samples += struct.pack("<I", x)
    with wave.open(noise, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(22050)
        w.writeframes(bytes(samples))
    f["flac"] = os.path.join(WORK, "noise.flac")
    subprocess.run(["flac", "-s", "-f", "--no-padding", "-o", f["flac"], noise], check=True)
    return f


# Where each format's covered content lies in the input (read here independently of the engine)

def png_idat_data(b):
    out, p = [], 8
    while p + 12 <= len(b):
        (n,) = struct.unpack(">I", b[p:p + 4])
        if b[p + 4:p + 8] == b"IDAT":
            out.append((p + 8 + 2, p + 8 + n - 4))  # inside the zlib stream: past its header, before its Adler-32
        p += 12 + n
    return out


def zip_stored_data(b):
    out = []
    with zipfile.ZipFile(io.BytesIO(b)) as z:
        for i in z.infolist():
            if i.compress_type == zipfile.ZIP_STORED and i.file_size:
                (nl, xl) = struct.unpack("<HH", b[i.header_offset + 26:i.header_offset + 30])
                start = i.header_offset + 30 + nl + xl
                out.append((start, start + i.file_size))
    return out


def tar_names(b, data=False):
    """Inside each header's name field (`tree/first.txt`: its letters), and the data when asked."""
    out, p = [], 0
    while p + 512 <= len(b) and any(b[p:p + 512]):
        size = int(b[p + 124:p + 136].strip(b"\0 ") or b"0", 8)
        out.append((p + 5, p + 10))
        if data:
            out.append((p + 512, p + 512 + size))
        p += 512 + (size + 511) // 512 * 512
    return out


def ogg_page_bodies(b, skip_pages=2):
    """Page bodies (after the segment table) of the audio pages: the header pages stay."""
    out, p, page = [], 0, 0
    while p + 27 <= len(b) and b[p:p + 4] == b"OggS":
        segs = b[p + 26]
        body = p + 27 + segs
        size = sum(b[p + 27:body])
        if page >= skip_pages and size > 8:
            out.append((body + 4, body + size))
        p, page = body + size, page + 1
    return out


def crc8(data):
    c = 0
    for x in data:
        c ^= x
        for _ in range(8):
            c = ((c << 1) ^ 7) & 255 if c & 128 else (c << 1) & 255
    return c


def flac_frame_bodies(b):
    """The subframe bytes of each frame: after the header's CRC-8, before the CRC-16."""
    p = 4
    while True:
        last = b[p] & 0x80
        p += 4 + int.from_bytes(b[p + 1:p + 4], "big")
        if last:
            break
    starts = []
    for q in range(p, len(b) - 6):
        if b[q] == 0xFF and b[q + 1] in (0xF8, 0xF9):
            # A fixed-blocksize stream from flac: a coded number of 1-2 bytes, then extras.
            bs, sr = b[q + 2] >> 4, b[q + 2] & 15
            first = b[q + 4]
            coded = 1 if first < 0x80 else 2 if first >> 5 == 6 else 3 if first >> 4 == 14 else 0
            if not coded:
                continue
            hl = 4 + coded + (1 if bs == 6 else 2 if bs == 7 else 0) + (1 if sr == 12 else 2 if sr in (13, 14) else 0)
            if q + hl < len(b) and crc8(b[q:q + hl]) == b[q + hl]:
                starts.append((q, hl))
    out = []
    for (q, hl), nxt in zip(starts, [s for s, _ in starts[1:]] + [len(b)]):
        out.append((q + hl + 1 + 2, nxt - 2 - 2))
    return out


# Judges: each returns (ok, detail)

def png_crcs_valid(b):
    p, bad = 8, []
    while p + 12 <= len(b):
        (n,) = struct.unpack(">I", b[p:p + 4])
        if zlib.crc32(b[p + 4:p + 8 + n]) != struct.unpack(">I", b[p + 8 + n:p + 12 + n])[0]:
            bad.append(b[p + 4:p + 8].decode("latin-1"))
        if b[p + 4:p + 8] == b"IEND":
            break
        p += 12 + n
    return not bad, f"bad CRC in {bad}"


def png_pixels(b):
    data, p = b"", 8
    while p + 12 <= len(b):
        (n,) = struct.unpack(">I", b[p:p + 4])
        if b[p + 4:p + 8] == b"IDAT":
            data += b[p + 8:p + 8 + n]
        p += 12 + n
    d = zlib.decompressobj()
    try:
        return d.decompress(data)
    except zlib.error as e:
        return f"zlib: {e}"


def zip_valid(path):
    try:
        bad = zipfile.ZipFile(path).testzip()
    except Exception as e:
        return False, f"zipfile: {e}"
    if bad:
        return False, f"zipfile: bad CRC in {bad}"
    r = run(["unzip", "-t", "-qq", path])
    return r.returncode == 0, f"unzip -t exit {r.returncode}: {(r.stdout + r.stderr).strip()[:200]}"


def zip_members(path):
    with zipfile.ZipFile(path) as z:
        return {i.filename: z.read(i.filename) for i in z.infolist()}


def tar_valid(path):
    try:
        with tarfile.open(path) as t:
            names = t.getnames()
    except Exception as e:
        return False, f"tarfile: {e}"
    r = run(["tar", "tf", path])
    return r.returncode == 0 and len(names) == 2, f"tar tf exit {r.returncode}: {r.stderr.strip()[:200]}; tarfile listed {names}"


def tar_content(path):
    with tarfile.open(path) as t:
        return {m.name: t.extractfile(m).read() for m in t.getmembers()}


def ogg_valid(path):
    r = run(["ogginfo", path])
    text = r.stdout + r.stderr
    # libogg drops a page whose CRC fails; ogginfo then reports a hole in the data.
    bad = [l for l in text.splitlines() if "Hole in data" in l or "CRC" in l]
    return not bad, "; ".join(bad[:3])


def decoded(path):
    r = subprocess.run(["ffmpeg", "-v", "quiet", "-i", path, "-f", "s16le", "-"], capture_output=True)
    return r.stdout


def flac_valid(path):
    r = run(["flac", "-t", "-s", path])
    text = r.stdout + r.stderr
    bad = [l for l in text.splitlines() if "CRC" in l or "LOST_SYNC" in l or "BAD_HEADER" in l]
    return not bad, "; ".join(bad[:3])


# GNU tar's formats (section 6.10.1)

def gnu_tar_archives():
    """A tree with long names, a long link and a sparse file, archived by GNU tar in four ways."""
    tree = os.path.join(WORK, "gnu", "tree")
    deep = os.path.join(tree, "directory-with-a-long-name-" * 3 + "x", "y" * 60)
    os.makedirs(deep, exist_ok=True)
    long = os.path.join(deep, "file-name-longer-than-one-hundred-bytes-" * 3 + ".txt")
    open(long, "wb").write(b"a member with a long name\n" * 300)
    open(os.path.join(tree, "small.txt"), "wb").write(b"small\n")
    os.symlink(os.path.relpath(long, tree), os.path.join(tree, "link-" + "z" * 110))
    # Thirty data regions in 40 MiB of holes: more than the four an old GNU sparse header holds, so
    # GNU tar writes extension blocks after it.
    with open(os.path.join(tree, "sparse.img"), "wb") as f:
        for i in range(30):
            f.seek(i * 1_400_000)
            f.write(bytes((i * 7 + j) % 251 for j in range(3000)))
        f.truncate(40 * 1024 * 1024)
    out = {}
    for fmt, sparse in (("gnu", True), ("oldgnu", True), ("pax", True), ("pax", False)):
        name = os.path.join(WORK, "gnu", f"{fmt}{'-sparse' if sparse else ''}.tar")
        subprocess.run(["tar", f"--format={fmt}"] + (["-S"] if sparse else []) + ["-cf", name, "-C", os.path.dirname(tree), "tree"], check=True)
        out[name] = fmt
    return out


def tar_listing(path):
    """(members tarfile lists, lines `tar tvf` prints, tar's exit status and message)."""
    try:
        with tarfile.open(path) as t:
            names = t.getnames()
    except Exception as e:
        names = f"tarfile: {e}"
    r = run(["tar", "tvf", path])
    return names, len(r.stdout.splitlines()), r.returncode, r.stderr.strip()[:200]


def gnu_tar_formats():
    for path, fmt in gnu_tar_archives().items():
        tag = os.path.basename(path)
        b = open(path, "rb").read()
        with tarfile.open(path) as t:
            members = t.getmembers()
        if fmt != "pax" and "sparse" in tag:
            # The old GNU sparse header's extension flag (byte 482) is set: the case the walk lost its place at.
            sparse = [m for m in members if m.name.endswith("sparse.img")][0]
            check(b[sparse.offset + 156:sparse.offset + 157] == b"S" and b[sparse.offset + 482] != 0, f"{tag}: GNU tar wrote an old GNU sparse member with extension blocks")
        names, lines, status, _ = tar_listing(path)
        check(status == 0 and len(names) == len(members) == lines >= 5, f"{tag} original: tar tvf and tarfile list {len(members)} members")
        # The first header of each member (a long-name or pax header where there is one): bytes inside its name.
        ranges = [(m.offset + 5, m.offset + 10) for m in members]
        fixed, report = corrupt(path, "byte_flip", 100, 21, ranges, True, tag)
        broken, _ = corrupt(path, "byte_flip", 100, 21, ranges, False, tag)
        if not fixed or not broken:
            continue
        damaged = sum(1 for m in members if open(broken, "rb").read()[m.offset:m.offset + 512] != b[m.offset:m.offset + 512])
        counts = report.get("checksums_fixed", {})
        check(damaged >= 3 and counts.get("tar_header_checksum") == damaged, f"{tag}: the report counts each damaged header ({damaged}) as fixed", str(counts))
        last = max(members, key=lambda m: m.offset)
        check(open(broken, "rb").read()[last.offset:last.offset + 512] != b[last.offset:last.offset + 512] or fmt == "pax", f"{tag}: the last member's header is among the damaged")
        names, lines, status, err = tar_listing(fixed)
        check(status == 0 and lines == len(members), f"{tag}: tar tvf lists all {len(members)} members", f"exit {status}, {lines} lines: {err}")
        check(isinstance(names, list) and len(names) == len(members), f"{tag}: tarfile lists all {len(members)} members", str(names)[:200])
        if fmt != "pax":
            check(isinstance(names, list) and names != [m.name for m in members], f"{tag}: the damaged names are listed, damaged")
        else:
            # The damage is in the pax headers' own names; the members' names come from their path records.
            check(names == [m.name for m in members], f"{tag}: the names, from the pax records, are listed as they were", str(names)[:200])
        names, lines, status, _ = tar_listing(broken)
        check(status != 0 or lines < len(members), f"{tag}: control: without --fix-checksums tar tvf fails")


# The runs

def corrupt(path, mode, intensity, seed, ranges, fix, tag):
    out = os.path.join(WORK, f"out-{tag}-{'fix' if fix else 'nofix'}")
    shutil.rmtree(out, ignore_errors=True)
    cmd = [CLI, "--mode", mode, "--intensity", str(intensity), "--seed", str(seed), "--out", out, "--json"]
    cmd += [f"--only={a}:{b}" for a, b in ranges]
    if fix:
        cmd.append("--fix-checksums")
    cmd.append(path)
    r = run(cmd)
    if r.returncode != 0:
        check(False, f"{tag}: fracture ran", f"exit {r.returncode}: {r.stderr.strip()} ({' '.join(cmd)})")
        return None, None
    report = json.loads(r.stdout.splitlines()[-1])
    name = os.path.basename(path)
    base, ext = os.path.splitext(name)
    return os.path.join(out, f"{base}_corrupted{ext}"), report


def main():
    keep = "--keep" in sys.argv
    if not os.path.exists(CLI) or subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "fracture-cli"], cwd=ROOT).returncode != 0:
        sys.exit("cannot build target/release/fracture")
    shutil.rmtree(WORK, ignore_errors=True)
    f = make_fixtures()
    original = {k: open(v, "rb").read() for k, v in f.items()}

    # Every original passes its readers, or the test could not fail.
    check(png_crcs_valid(original["png"])[0], "png original: CRCs valid")
    for k in ("zip", "zipdd", "zipmixed"):
        check(zip_valid(f[k])[0], f"{k} original: zipfile and unzip -t accept it")
    check(tar_valid(f["tar"])[0], "tar original: tarfile and tar tf accept it")
    check(ogg_valid(f["ogg"])[0], "ogg original: ogginfo finds no hole", ogg_valid(f["ogg"])[1])
    check(flac_valid(f["flac"])[0] and run(["flac", "-t", "-s", f["flac"]]).returncode == 0, "flac original: flac -t passes")

    cases = [
        ("png", "bit_rot", 100, 1, png_idat_data(original["png"])),
        ("png", "byte_flip", 5, 2, png_idat_data(original["png"])),
        ("zip", "bit_rot", 100, 3, zip_stored_data(original["zip"])),
        ("zip", "bad_sectors", 100, 4, zip_stored_data(original["zip"])),
        ("zipdd", "header_preserve_flip", 10, 5, zip_stored_data(original["zipdd"])),
        ("zipmixed", "bit_rot", 100, 6, zip_stored_data(original["zipmixed"])),
        ("tar", "byte_flip", 100, 7, tar_names(original["tar"])),
        ("tar", "bit_rot", 0, 8, tar_names(original["tar"])),
        ("tar", "bad_sectors", 100, 8, tar_names(original["tar"], data=True)),
        ("ogg", "bit_rot", 60, 9, ogg_page_bodies(original["ogg"])),
        ("flac", "bit_rot", 60, 10, flac_frame_bodies(original["flac"])),
    ]
    for kind, mode, intensity, seed, ranges in cases:
        tag = f"{kind}-{mode}"
        check(len(ranges) > 0, f"{tag}: found the covered content to damage")
        fixed, report = corrupt(f[kind], mode, intensity, seed, ranges, True, tag)
        broken, _ = corrupt(f[kind], mode, intensity, seed, ranges, False, tag)
        if not fixed or not broken:
            continue
        out, unfixed = open(fixed, "rb").read(), open(broken, "rb").read()
        counts = report.get("checksums_fixed", {})
        check(sum(counts.values()) > 0, f"{tag}: the report counts fixed checksums", str(counts))
        if kind == "png":
            check(png_crcs_valid(out)[0], f"{tag}: zlib finds every chunk CRC valid", png_crcs_valid(out)[1])
            check(not png_crcs_valid(unfixed)[0], f"{tag}: control: without --fix-checksums a CRC is bad")
            check(png_pixels(out) != png_pixels(original["png"]), f"{tag}: the decompressed image data differs")
        elif kind.startswith("zip"):
            ok, detail = zip_valid(fixed)
            if kind == "zipmixed":
                # Only the deflated entry's CRC, over decompressed data, is left: the report says so.
                check(report.get("checksums_unfixable", "").startswith("1 ZIP entries are compressed"), f"{tag}: the report names the deflated entry", str(report.get("checksums_unfixable")))
                check(zipfile.ZipFile(fixed).read("stored.txt") != zipfile.ZipFile(f[kind]).read("stored.txt"), f"{tag}: the stored member reads, damaged")
            else:
                check(ok, f"{tag}: zipfile.testzip and unzip -t find every CRC valid", detail)
                changed = [n for n, d in zip_members(fixed).items() if d != zip_members(f[kind])[n]]
                check(len(changed) > 0, f"{tag}: extracted members differ from the originals", str(changed))
            check(not zip_valid(broken)[0], f"{tag}: control: without --fix-checksums a CRC is bad")
        elif kind == "tar":
            ok, detail = tar_valid(fixed)
            check(ok, f"{tag}: tarfile and tar tf accept every header", detail)
            if ok:
                before, after = tar_content(f[kind]), tar_content(fixed)
                check(before != after, f"{tag}: names or contents differ from the originals", f"{list(after)}")
            check(not tar_valid(broken)[0], f"{tag}: control: without --fix-checksums a header checksum is bad")
        elif kind == "ogg":
            check(ogg_valid(fixed)[0], f"{tag}: ogginfo finds every page (no CRC hole)", ogg_valid(fixed)[1])
            check(not ogg_valid(broken)[0], f"{tag}: control: without --fix-checksums ogginfo finds holes")
            check(decoded(fixed) != decoded(f[kind]), f"{tag}: the decoded audio differs")
        elif kind == "flac":
            check(flac_valid(fixed)[0], f"{tag}: flac -t finds no frame CRC error", flac_valid(fixed)[1])
            check(not flac_valid(broken)[0], f"{tag}: control: without --fix-checksums flac -t reports CRC errors")
            check(decoded(fixed) != decoded(f[kind]), f"{tag}: the decoded audio differs")
            check(report.get("checksums_unfixable") == "the STREAMINFO MD5 signature covers the decoded audio", f"{tag}: the report names the MD5", str(report.get("checksums_unfixable")))
    gnu_tar_formats()
    if not keep:
        shutil.rmtree(WORK, ignore_errors=True)
    print(f"\n{len(failures)} failed" if failures else "\nall checks passed")
    for x in failures:
        print("  " + x)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

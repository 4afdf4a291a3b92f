#!/usr/bin/env python3
"""Writes the fuzz target's seed corpus (docs/fuzzing.md) into engine-rs/fuzz/corpus/.

Every file is one case in the layout `decode` reads (engine-rs/core/tests/fuzz_harness/mod.rs):
mode, intensity, flags, seed, name, byte ranges, then the input. The inputs cover every format
family, each as a well-formed small file and with hostile headers: lengths and counts that point
past the end, at themselves or at one shared payload, values at the edges of their fields, deep
chains and false sync codes. Each input is paired with every mode, and the modes that take options
get byte ranges and checksum fixing; a few cases hold the argument errors of the contract's
section 2. Deterministic: the same script writes the same files (`python3 make_corpus.py --check`
tells whether the committed corpus is current).
"""

import hashlib
import io
import os
import random
import struct
import sys
import tarfile
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus")
MODES = [
    "byte_flip",
    "header_preserve_flip",
    "truncate_insert",
    "shuffle_blocks",
    "guaranteed_break",
    "interrupted_transfer",
    "bad_sectors",
    "bit_rot",
]
RANGE_MODES = {"byte_flip", "header_preserve_flip", "bad_sectors", "bit_rot"}
MAX_SEED = (1 << 53) - 1
rng = random.Random(20261126)

# ---------------------------------------------------------------------------------------------
# Checksums


def _table(poly, width):
    top = 1 << (width - 1)
    mask = (1 << width) - 1
    out = []
    for i in range(256):
        c = i << (width - 8)
        for _ in range(8):
            c = ((c << 1) ^ poly) if c & top else (c << 1)
        out.append(c & mask)
    return out


OGG_T, CRC16_T, CRC8_T = _table(0x04C11DB7, 32), _table(0x8005, 16), _table(0x07, 8)


def _crc(table, width, data):
    c = 0
    for b in data:
        c = table[((c >> (width - 8)) ^ b) & 0xFF] ^ (c << 8)
        c &= (1 << width) - 1
    return c


def ogg_crc(d):
    return _crc(OGG_T, 32, d)


def flac_crc16(d):
    return _crc(CRC16_T, 16, d)


def flac_crc8(d):
    return _crc(CRC8_T, 8, d)


def noise(n, low=False):
    b = bytes(rng.getrandbits(8) for _ in range(n))
    return bytes((x & 0x0F) | 0x20 for x in b) if low else b


# ---------------------------------------------------------------------------------------------
# Inputs, per family: (name, bytes)


def png_chunk(kind, data, crc=None):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) if crc is None else crc)


PNG_SIG = b"\x89PNG\r\n\x1a\n"
IHDR = png_chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))


def png_files():
    idat = zlib.compress(noise(16 * 49, low=True))
    yield "ok.png", PNG_SIG + IHDR + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b"")
    # A length of 2^32 - 1, and one that reaches exactly to the end.
    yield "huge.png", PNG_SIG + IHDR + struct.pack(">I", 0xFFFFFFFF) + b"IDAT" + noise(200)
    tail = noise(100)
    yield "exact.png", PNG_SIG + IHDR + struct.pack(">I", len(tail)) + b"IDAT" + tail + b"\0\0\0\0"
    # Thousands of empty chunks (a long walk of tiny steps), and no IEND.
    yield "many.png", PNG_SIG + IHDR + b"".join(png_chunk(b"tEXt", b"") for _ in range(2000))
    # IEND first, then more chunks the walk must not visit; and a file cut inside a chunk header.
    yield "iend.png", PNG_SIG + png_chunk(b"IEND", b"") + IHDR + png_chunk(b"IDAT", noise(50))
    yield "cut.png", (PNG_SIG + IHDR + png_chunk(b"IDAT", noise(5000)))[:5020]
    yield "big.png", PNG_SIG + IHDR + png_chunk(b"IDAT", noise(66000)) + png_chunk(b"IEND", b"")


def zip_stored(entries, descriptor=False):
    """A STORED zip: [(name, data)], optionally with data descriptors (flag bit 3, CRC 0 in the
    local header)."""
    out, central = b"", b""
    for name, data in entries:
        crc = zlib.crc32(data)
        flags = 8 if descriptor else 0
        local_crc = 0 if descriptor else crc
        lho = len(out)
        out += struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 20, flags, 0, 0, 0, local_crc, len(data), len(data), len(name), 0)
        out += name + data
        if descriptor:
            out += struct.pack("<4sIII", b"PK\x07\x08", crc, len(data), len(data))
        central += struct.pack(
            "<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, flags, 0, 0, 0, crc, len(data), len(data), len(name), 0, 0, 0, 0, 0, lho
        )
        central += name
    eocd = struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, len(entries), len(entries), len(central), len(out), 0)
    return out + central + eocd


def zip_files():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(zipfile.ZipInfo("a.txt"), b"hello " * 50, compress_type=zipfile.ZIP_STORED)
        z.writestr(zipfile.ZipInfo("b.bin"), noise(3000), compress_type=zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo("c/"), b"")
    yield "ok.zip", buf.getvalue()
    yield "desc.zip", zip_stored([(b"one", noise(700)), (b"two", b"x" * 300), (b"empty", b"")], descriptor=True)
    # Many central entries that all name the same stored payload (each is CRC-ed again).
    payload = noise(6000)
    one = zip_stored([(b"p", payload)])
    cd_at = one.index(b"PK\x01\x02")
    entry = one[cd_at : one.index(b"PK\x05\x06")]
    count = 1500
    central = entry * count
    eocd = struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, count, count, len(central), cd_at, 0)
    yield "shared.zip", one[:cd_at] + central + eocd
    # The central directory offset points at the end record itself, with 65535 entries claimed.
    body = zip_stored([(b"q", noise(100))])
    e = body.index(b"PK\x05\x06")
    yield "self.zip", body[:e] + struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, 65535, 65535, 0xFFFFFFFF, e, 0)
    # Sizes and offsets at 0xFFFFFFFF (ZIP64 markers) and past the end; name lengths of 65535.
    bad = b"PK\x01\x02" + b"\x14\x00" * 2 + b"\x00\x00" * 3 + b"\x00\x00" + b"\xff" * 12 + b"\xff\xff" * 3 + b"\0" * 8 + b"\xff" * 4
    yield "z64.zip", b"PK\x03\x04" + noise(60) + bad + struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, 1, 1, 46, 64, 0)
    # Two end records, the later one inside a comment that claims 65535 bytes.
    ok = zip_stored([(b"r", b"r" * 500)])
    yield "two-eocd.zip", ok[:-2] + b"\xff\xff" + ok[-22:]
    # A local header whose name and extra lengths push the data past the end.
    lh = struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 20, 0, 0, 0, 0, 0, 10, 10, 0xFFFF, 0xFFFF)
    cd = struct.pack("<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, 0, 0, 0, 0, 0, 10, 10, 0, 0, 0, 0, 0, 0, 0)
    yield "far.zip", lh + noise(40) + cd + struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, 1, 1, 46, 70, 0)
    yield "big.zip", zip_stored([(b"big%d" % i, noise(17000)) for i in range(4)])


def tar_header(name, size_field, kind=b"0", magic=b"ustar\x0000", extra=b""):
    h = bytearray(512)
    h[0 : len(name)] = name
    h[100:108] = b"0000644\0"
    h[124:136] = size_field
    h[136:148] = b"00000000000\0"
    h[156:157] = kind
    h[257:265] = magic
    h[345 : 345 + len(extra)] = extra
    h[148:156] = b" " * 8
    h[148:156] = b"%06o\0 " % sum(h)
    return bytes(h)


def tar_files():
    for fmt, label in ((tarfile.GNU_FORMAT, "gnu"), (tarfile.PAX_FORMAT, "pax"), (tarfile.USTAR_FORMAT, "ustar")):
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w", format=fmt) as t:
            for i, data in enumerate([b"a" * 100, noise(1500), b""]):
                name = ("dir/" + "long-name-" * (12 if fmt != tarfile.USTAR_FORMAT else 1) + str(i)).encode()
                info = tarfile.TarInfo(name.decode())
                info.size = len(data)
                if fmt == tarfile.PAX_FORMAT:
                    info.pax_headers = {"comment": "ü" * 40}
                t.addfile(info, io.BytesIO(data))
            d = tarfile.TarInfo("dir")
            d.type = tarfile.DIRTYPE
            t.addfile(d)
        data = buf.getvalue()
        # tarfile pads to a 10240-byte record; the end-of-archive blocks are enough.
        yield "ok-%s.tar" % label, data[: len(data.rstrip(b"\0")) + 1024 + 511 & ~511]
    # Base-256 sizes: huge (past 2^53), and a real small one.
    yield "b256.tar", tar_header(b"big", b"\x80" + b"\xff" * 11) + noise(1024)
    yield "b256-small.tar", tar_header(b"small", b"\x80" + b"\0" * 9 + b"\x01\x00") + noise(256) + b"\0" * 1024
    # An octal size far past the end; a size field without digits.
    yield "octal.tar", tar_header(b"x", b"77777777777\0") + noise(512)
    yield "nodigits.tar", tar_header(b"x", b"zzzzzzzzzzz\0") + noise(512)
    # A deep chain of empty members (the walk visits every header), ending without the zero blocks.
    yield "chain.tar", b"".join(tar_header(b"e%d" % i, b"00000000000\0") for i in range(60))
    # Old-GNU sparse ('S'), GNU long name ('L') and pax ('x') headers with their data blocks; links
    # and devices with sizes that must be skipped.
    sparse = tar_header(b"sparse", b"00000001000\0", b"S", b"ustar  \0", extra=b"00000000000\0" * 2 + b"\1")
    ext = bytearray(512)
    ext[0:24] = b"00000002000\0" + b"00000001000\0"
    yield "sparse.tar", sparse + bytes(ext) + noise(512) + tar_header(b"after", b"00000000010\0") + noise(512)
    long = tar_header(b"././@LongLink", b"00000000310\0", b"L", b"ustar  \0") + (b"n" * 200).ljust(512, b"\0")
    pax = tar_header(b"pax", b"00000000030\0", b"x") + b"24 path=" + b"p" * 15 + b"\n".ljust(512 - 23, b"\0")
    links = b"".join(tar_header(b"l%d" % i, b"00000001000\0", k) for i, k in enumerate([b"1", b"2", b"3", b"4", b"5", b"6"]))
    yield "kinds.tar", long + pax + links + tar_header(b"f", b"00000000004\0") + b"data".ljust(512, b"\0") + b"\0" * 1024


def ogg_page(payload_sizes, payload, seq, flags=0, crc_ok=True):
    table = bytes(payload_sizes)
    head = b"OggS" + bytes([0, flags]) + struct.pack("<qIII", seq * 1000, 0x1234, seq, 0) + bytes([len(table)]) + table
    page = bytearray(head + payload)
    if crc_ok:
        page[22:26] = struct.pack("<I", ogg_crc(bytes(page)))
    return bytes(page)


def ogg_files():
    pages = [ogg_page([30], b"\x01vorbis" + noise(23), 0, 2)]
    pages += [ogg_page([255, 255, 40], noise(550), i) for i in range(1, 6)]
    yield "ok.ogg", b"".join(pages)
    # 255 segments whose table runs past the end; a page size past the end.
    yield "segs.ogg", b"OggS" + bytes(22) + b"\xff" + b"\xff" * 100
    yield "size.ogg", ogg_page([255] * 4, noise(1020), 0) + b"OggS" + bytes(22) + b"\x02\xff\xff" + noise(10)
    # Thousands of empty pages.
    yield "many.ogg", b"".join(ogg_page([], b"", i) for i in range(800))
    yield "big.ogg", ogg_page([255] * 254 + [40], noise(255 * 254 + 40), 0) + ogg_page([10], noise(10), 1)


def streaminfo(md5=b"\0" * 16, last=True):
    body = struct.pack(">HH", 4096, 4096) + b"\0\0\x10\0\x10\0" + b"\x0a\xc4\x42\xf0\0\0\x10\0" + md5
    return bytes([0x80 if last else 0]) + len(body).to_bytes(3, "big") + body


def flac_frame(number, payload):
    head = bytearray(b"\xff\xf8\xc9\x08") + bytes([number & 0x7F])
    head.append(flac_crc8(bytes(head)))
    frame = bytes(head) + payload
    return frame + struct.pack(">H", flac_crc16(frame))


def flac_files():
    frames = b"".join(flac_frame(i, noise(300)) for i in range(8))
    yield "ok.flac", b"fLaC" + streaminfo() + frames
    yield "md5.flac", b"fLaC" + streaminfo(md5=noise(16)) + frames
    # A metadata block 2^24 - 1 bytes long; blocks that never say "last".
    yield "meta.flac", b"fLaC" + b"\x04\xff\xff\xff" + noise(500)
    yield "nolast.flac", b"fLaC" + b"".join(b"\x01\x00\x00\x04" + noise(4) for _ in range(300))
    # False sync codes: headers with a valid CRC-8 every 16 bytes and no frame CRC-16 that matches
    # (the walk must not rescan the rest of the file from each one).
    false = bytearray()
    for i in range(400):
        h = bytearray(b"\xff\xf8\xc9\x08") + bytes([i & 0x7F])
        h.append(flac_crc8(bytes(h)))
        false += h + noise(10)
    yield "false-sync.flac", b"fLaC" + streaminfo() + bytes(false)
    # One real frame whose payload holds a false sync (a header with a valid CRC-8) every 16 bytes,
    # then a second frame: each candidate end must not restart the CRC-16 from the frame's start.
    inner = bytearray(noise(40000))
    for k, at in enumerate(range(0, 40000 - 16, 16)):
        h = bytearray(b"\xff\xf8\xc9\x08") + bytes([k & 0x7F])
        h.append(flac_crc8(bytes(h)))
        inner[at : at + 6] = h
    yield "inner-sync.flac", b"fLaC" + streaminfo() + flac_frame(0, bytes(inner)) + flac_frame(1, noise(100))
    yield "big.flac", b"fLaC" + streaminfo() + b"".join(flac_frame(i, noise(7500)) for i in range(9))


def other_files():
    """Every other family: its magic with hostile fields the recipes read."""
    yield "x.pdf", b"%PDF-1.7\n" + b"1 0 obj\n<< /Length 99999999 >>\nstream\n" + noise(600) + b"\nendstream\nendobj\nxref\ntrailer\nstartxref\n%%EOF"
    jpeg = b"\xff\xd8\xff\xe0\x00\x10JFIF\0" + b"".join(bytes([0xFF, m]) + b"\xff\xff" for m in range(0xC0, 0xFF))
    yield "x.jpg", jpeg + noise(800)
    yield "x.gif", b"GIF89a\xff\xff\xff\xff\xf7\x00\x00" + b"!\xff\x0bNETSCAPE2.0" + noise(300)
    yield "x.bmp", b"BM" + b"\xff" * 16 + noise(300)
    yield "loop.tif", b"II*\x00\x08\x00\x00\x00" + b"\x01\x00" + b"\0" * 12 + b"\x08\x00\x00\x00" + noise(200)
    yield "x.webp", b"RIFF\xff\xff\xff\xffWEBPVP8X" + b"\xff" * 4 + noise(300)
    yield "x.ico", b"\x00\x00\x01\x00\xff\xff" + (b"\xff" * 16) * 4 + PNG_SIG + IHDR
    yield "x.svg", b'<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/>' * 20 + b"</svg>"
    yield "x.mp4", b"\x00\x00\x00\x01ftypisom" + b"\xff" * 8 + b"\x00\x00\x00\x00moov" + noise(400)
    yield "x.avi", b"RIFF\xff\xff\xff\xffAVI LIST\xff\xff\xff\xffhdrlavih" + noise(300) + b"00dc" * 20
    yield "x.mkv", b"\x1a\x45\xdf\xa3\x01\xff\xff\xff\xff\xff\xff\xff" + b"\x18\x53\x80\x67" + noise(300)
    flv = bytearray(b"FLV\x01\x05\x00\x00\x00\x09")
    for i in range(200):
        flv += b"\x00\x00\x00\x00" + bytes([9, 0, 0, 0 if i % 2 else 0xFF]) + b"\0" * 7
    yield "chain.flv", bytes(flv)
    yield "huge.flv", b"FLV\x01\x05\x00\x00\x00\x09\x00\x00\x00\x00\x09\xff\xff\xff" + noise(200)
    yield "x.mp3", b"ID3\x04\x00\x00\x7f\x7f\x7f\x7f" + b"\xff\xfb\x90\x64" * 100 + b"Xing" + noise(100)
    yield "x.wav", b"RIFF\xff\xff\xff\xffWAVEfmt \xff\xff\xff\xff" + noise(100) + b"data\xff\xff\xff\xff" + noise(300)
    yield "x.aac", b"\xff\xf1\x50\x80\xff\xff\xfc" * 60
    yield "x.wma", b"\x30\x26\xb2\x75\x8e\x66\xcf\x11\xa6\xd9\x00\xaa\x00\x62\xce\x6c" + b"\xff" * 14 + noise(300)
    yield "x.exe", b"MZ" + b"\0" * 58 + b"\xf0\xff\xff\xff" + noise(200)
    yield "near.exe", b"MZ" + b"\0" * 58 + struct.pack("<I", 70) + b"\0" * 6 + b"PE\0\0"
    yield "x.msi", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + noise(504) + "Root Entry".encode("utf-16-le") + noise(1000)
    yield "x.rar", b"Rar!\x1a\x07\x01\x00" + noise(300)
    for label, off, size in (("max", 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF), ("wrap", 0xFFFFFFFFFFFFFFF0, 64), ("in", 16, 0xFFFFFFFF)):
        yield "%s.7z" % label, b"7z\xbc\xaf\x27\x1c\x00\x04" + b"\0" * 4 + struct.pack("<QQ", off, size) + b"\0" * 4 + noise(300)
    yield "x.gz", b"\x1f\x8b\x08\x00" + b"\0" * 6 + zlib.compress(noise(500))[2:] + b"\x1f\x8b\x08" * 30
    yield "x.bz2", b"BZh91AY&SY" + noise(300) + b"\x17\x72\x45\x38\x50\x90" + b"BZh9" * 20
    yield "x.xz", b"\xfd7zXZ\x00\x00\x04" + noise(200) + b"YZ"
    yield "tiny.xz", b"\xfd7zXZ\x00"
    yield "x.cab", b"MSCF" + b"\xff" * 32 + noise(300)
    yield "x.csv", b"id,name,value\n" + b"".join(b'%d,"n;%d",{%d}\n' % (i, i, i) for i in range(300))
    yield "x.json", b'{"a":[' + b",".join(b'{"k":"v%d"}' % i for i in range(200)) + b"]}"
    yield "x.tsv", b"a\tb\tc\n" * 200
    yield "x.txt", "ünïcödé text, with (brackets) and [more]; ".encode() * 40
    yield "noext", noise(3000)
    yield "zeros.bin", b"\0" * 2000
    yield "ff.bin", b"\xff" * 2000
    yield "pattern.bin", bytes(i & 0xFF for i in range(66000))


# ---------------------------------------------------------------------------------------------
# Cases


def end_bytes(kind, value):
    return kind, value


def rand_range(n):
    """A range over an n-byte input: ((kind_a, a), (kind_b, b)), mostly ordered and inside."""
    kinds = [0, 1, 1, 2, 3, 4, 5]
    ka, kb = rng.choice(kinds), rng.choice(kinds)
    a, b = rng.randrange(n + 40), rng.randrange(n + 40)
    if ka in (1, 2, 5) and kb in (1, 2, 5) and a > b:
        a, b = b, a
    if ka in (3, 4) and kb in (3, 4) and a < b:
        a, b = b, a
    return (ka, a), (kb, b)


def case(mode, intensity, seed, name, data, only=(), protect=(), fix=False, seed_mode=0):
    m = 255 if mode == "nope" else MODES.index(mode)
    flags = int(fix) | len(only) << 1 | len(protect) << 3 | seed_mode << 5
    nm = name.encode()
    out = bytes([m, intensity, flags]) + struct.pack("<I", seed) + bytes([len(nm)]) + nm
    for (ka, a), (kb, b) in list(only) + list(protect):
        out += bytes([ka | kb << 4]) + struct.pack("<II", a & 0xFFFFFFFF, b & 0xFFFFFFFF)
    return out + data


def cases_for(name, data):
    """One case per mode; the modes that take options get, in turn, the fix alone, ranges with the
    fix, ranges alone and ranges with the fix again. A large input (past the 64 KiB chunk) gets only
    the fix with ranges and guaranteed_break, to keep the corpus small."""
    n = len(data)
    out = []
    styles = iter(["fix", "both", "ranges", "both"])
    for mode in MODES:
        intensity = rng.choice([0, 1, 37, 80, 100])
        seed = rng.getrandbits(32)
        if mode in RANGE_MODES:
            style = next(styles)
            if n > 20000 and mode != "bit_rot":
                continue
            only = [rand_range(n) for _ in range(rng.randrange(3))] if style != "fix" else []
            protect = [rand_range(n) for _ in range(rng.randrange(1, 3))] if style != "fix" else []
            out.append(case(mode, intensity, seed, name, data, only, protect, fix=style != "ranges"))
        elif n <= 20000 or mode == "guaranteed_break":
            out.append(case(mode, intensity, seed, name, data, seed_mode=rng.choice([0, 0, 1])))
    return out


def error_cases():
    d = b"PK\x03\x04" + noise(100)
    return [
        case("nope", 50, 1, "e.zip", d),
        case("byte_flip", 101, 1, "e.zip", d),
        case("byte_flip", 50, 1, "e.zip", d, seed_mode=3),
        case("truncate_insert", 50, 1, "e.zip", d, only=[((1, 0), (1, 10))]),
        case("shuffle_blocks", 50, 1, "e.zip", d, fix=True),
        case("bit_rot", 50, 1, "e.zip", d, only=[((6, 3), (1, 10))]),
        case("bit_rot", 50, 1, "e.zip", d, protect=[((7, 19), (1, 10))]),
        case("bad_sectors", 50, 1, "e.zip", d, only=[((1, 90), (1, 10))]),
        case("bit_rot", 50, 1, "e.zip", d, only=[((3, 10), (3, 20))]),
        case("byte_flip", 50, 1, "e.zip", d, protect=[((0, 0), (0, 0))]),
        case("header_preserve_flip", 50, 1, "e.zip", d, only=[((1, 0), (1, 5))]),
        case("bad_sectors", 50, 1, "e.zip", b"", only=[((1, 0), (1, 5))], fix=True),
        case("byte_flip", 50, 7, "e.zip", d, only=[((6, 1), (7, 1))], protect=[((6, 2), (6, 0))]),
    ]


def corpus():
    files = {}
    for gen in (png_files, zip_files, tar_files, ogg_files, flac_files, other_files):
        for name, data in gen():
            for i, c in enumerate(cases_for(name, data)):
                files["%s-%02d" % (name, i)] = c
    for i, c in enumerate(error_cases()):
        files["error-%02d" % i] = c
    return files


def main():
    files = corpus()
    if "--check" in sys.argv:
        have = sorted(os.listdir(OUT)) if os.path.isdir(OUT) else []
        same = have == sorted(files) and all(open(os.path.join(OUT, k), "rb").read() == v for k, v in files.items())
        print("corpus is current" if same else "corpus is stale: run python3 engine-rs/fuzz/make_corpus.py")
        sys.exit(0 if same else 1)
    os.makedirs(OUT, exist_ok=True)
    for old in os.listdir(OUT):
        if old not in files:
            os.remove(os.path.join(OUT, old))
    for k, v in files.items():
        with open(os.path.join(OUT, k), "wb") as f:
            f.write(v)
    total = sum(len(v) for v in files.values())
    digest = hashlib.sha256(b"".join(k.encode() + v for k, v in sorted(files.items()))).hexdigest()[:16]
    print("%d files, %d bytes (%s)" % (len(files), total, digest))


if __name__ == "__main__":
    main()

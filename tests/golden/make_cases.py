#!/usr/bin/env python3
"""Writes cases.json: the golden-vector cases (inputs as generators, so the file stays small).
The expected results are filled in by the native engine (`FRACTURE_BLESS=1 cargo test --release
--test golden`) into vectors.json, which every engine then checks. See README.md for the generators."""
import json, os

import struct, zlib

MODES = ["byte_flip", "header_preserve_flip", "truncate_insert", "shuffle_blocks", "guaranteed_break"]
# Added after v1's first records (docs/contract.md, section 13): new records go after the old ones,
# which stay byte for byte as they were.
NEW_MODES = ["interrupted_transfer", "bad_sectors", "bit_rot"]
RANGE_MODES = ["byte_flip", "header_preserve_flip", "bad_sectors", "bit_rot"]
cases = []

def add(inp, name, mode, intensity=80, seed=1234567890, why="", ranges=None, fix=False, member=None, **variant):
    case = {"why": why, "input": inp, "name": name, "mode": mode, "intensity": intensity, "seed": seed}
    if ranges:
        case["ranges"] = ranges
    if fix:
        case["fix_checksums"] = True
    if member is not None:
        case["member"] = member
    # The conversion modes' and misdirected_write's options: direction, charset, bom, block_size.
    case.update(variant)
    cases.append(case)

def rnd(n, s=1):
    return {"gen": "random", "len": n, "seed": s}

# The worked example of docs/contract.md (section 12).
for m in MODES:
    add({"gen": "pattern", "len": 1024}, "sample.bin", m, why="worked example")
# Sizes: empty, 1 byte, block and chunk borders.
for n in [0, 1, 4096, 4097, 8192, 65535, 65536, 65537, 131073]:
    for m in MODES:
        add(rnd(n, n + 1), "data.bin", m, why=f"size {n}")
# Intensities.
for i in [0, 1, 50, 100]:
    for m in MODES:
        add(rnd(10000, 7), "data.bin", m, intensity=i, why=f"intensity {i}")
# Seeds.
for s in [0, 2147483646, 2**53 - 1]:
    for m in MODES:
        add(rnd(5000, 3), "data.bin", m, seed=s, why=f"seed {s}")
# Names.
for name in ["noext", ".bashrc", "UPPER.CSV", "report.PDF", "ünïcødé ✓.json", "trailing."]:
    for m in ["byte_flip", "guaranteed_break"]:
        add({"gen": "text", "len": 3000, "text": "id,name,note\n1,\"alpha\",[x]\n2,beta,{y}\n"}, name, m, why=f"name {name!r}")

# Every family, by magic bytes (with a random body) or by extension.
FAMILY_INPUTS = [
    ("png", "89504e470d0a1a0a0000000d49484452"), ("pdf", "255044462d312e370a"), ("zip", "504b0304"),
    ("jpg", "ffd8ffe000104a464946"), ("gif", "474946383961"), ("tif", "49492a00"),
    ("webp", "52494646000000005745425056503820"), ("avi", "524946460000000041564920"),
    ("wav", "524946460000000057415645"), ("mp4", "0000002066747970"), ("mkv", "1a45dfa3"),
    ("flv", "464c5601"), ("flac", "664c6143"), ("ogg", "4f676753"), ("wma", "3026b2758e66cf11"),
    ("msi", "d0cf11e0a1b11ae1"), ("rar", "526172211a07"), ("7z", "377abcaf271c"), ("xz", "fd377a585a00"),
    ("gz", "1f8b"), ("cab", "4d534346"), ("mp3", "494433"), ("exe", "4d5a"), ("bz2", "425a6839"),
    ("bmp", "424d0000000000000000000000002800"), ("ico", "000001000100"), ("aac", "fff1"),
]
for ext, magic in FAMILY_INPUTS:
    for intensity, seed in [(1, 11), (50, 12), (100, 13)]:
        add({"gen": "concat", "parts": [{"gen": "hex", "hex": magic}, rnd(6000, len(cases))]},
            f"fixture.{ext}", "guaranteed_break", intensity=intensity, seed=seed, why=f"family {ext}")
# tar: magic at 257.
add({"gen": "concat", "parts": [rnd(257, 5), {"gen": "hex", "hex": "7573746172"}, rnd(3000, 6)]}, "a.tar", "guaranteed_break", why="family tar")
# Text families by content and by extension; svg by content.
for name, text in [("table.csv", "a,b,c\n1,\"x\",3\n"), ("table.tsv", "a\tb\tc\n1\tx\t3\n"),
                   ("doc.json", "{\"k\": [1, 2, {\"z\": \"w\"}]}\n"), ("notes.txt", "plain notes, line after line.\n"),
                   ("page.html", "<html><body><p class=\"x\">hi</p></body></html>\n"), ("conf.yaml", "key: value\nlist: [1, 2]\n"),
                   ("main.rs", "fn main() { println!(\"hi\"); }\n"), ("noext", "just words without structure\n"),
                   ("icon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\"><rect/></svg>\n")]:
    for intensity in [1, 100]:
        add({"gen": "text", "len": 2500, "text": text}, name, "guaranteed_break", intensity=intensity, seed=99, why=f"text {name}")
# byte_flip on text that still looks fine escalates: seeds 0..11 at intensity 0.
for s in range(12):
    add({"gen": "text", "len": 4000, "text": "id,name,value\n1,alpha,10\n2,beta,20\n"}, "rows.csv", "byte_flip", intensity=0, seed=s, why="escalation candidate")
# guaranteed_break on an empty file of each kind; and a generic file.
for name in ["empty.csv", "empty.png", "empty"]:
    add({"gen": "hex", "hex": ""}, name, "guaranteed_break", why="empty guaranteed_break")
add({"gen": "zeros", "len": 70000}, "zeros.bin", "guaranteed_break", intensity=10, why="generic zeros")
add({"gen": "zeros", "len": 70000}, "zeros.bin", "byte_flip", intensity=10, why="zeros byte_flip")

# The three fault models: the worked example's input, sizes (1 byte: interrupted_transfer loses it),
# intensities and seeds.
for m in NEW_MODES:
    add({"gen": "pattern", "len": 1024}, "sample.bin", m, why="worked example input")
    for n in [0, 1, 2, 4095, 4096, 4097, 65536, 65537, 131073, 300000]:
        add(rnd(n, n + 3), "data.bin", m, why=f"size {n}")
    for i in [0, 1, 50, 100]:
        add(rnd(70000, 9), "data.bin", m, intensity=i, why=f"intensity {i}")
    for s in [0, 2**53 - 1]:
        add(rnd(9000, 4), "notes.txt", m, seed=s, why=f"seed {s}")
add({"gen": "zeros", "len": 20000}, "zeros.bin", "bad_sectors", why="sectors of zeros")

# Byte ranges: only, protect, hex and negative ends, several ranges, chunk and sector borders, and
# `only :`, which must give byte_flip's bytes without ranges.
RANGES = [
    {"only": ["0x1000:0x3000"]},
    {"protect": [":4096", "-4096:"]},
    {"only": ["100:5000", "60000:70000"], "protect": ["4000:4100", "65530:65540"]},
    {"only": ["-0x8000:"], "protect": ["-0x10:"]},
    {"only": [":"]},
    {"only": ["65535:65537"]},
    {"protect": ["4095:4097"]},
]
for m in RANGE_MODES:
    for r in RANGES:
        add(rnd(140000, 21), "data.bin", m, intensity=60, seed=77, why=f"ranges {r}", ranges=r)
add(rnd(3000, 5), "data.bin", "byte_flip", why="ranges: one allowed byte", ranges={"only": ["20:21"]})
add({"gen": "hex", "hex": ""}, "empty.bin", "bit_rot", why="ranges on an empty file", ranges={"only": ["0:10"]})
add({"gen": "text", "len": 2000, "text": "id,name,value\n1,alpha,10\n"}, "rows.csv", "byte_flip", intensity=0, seed=3,
    why="ranges with escalation", ranges={"protect": ["100:200"]})

# Keeping checksums valid: small files of each walked structure, made here byte by byte (the real
# tools' files are judged by tests/parsers/checksums.py).
def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

def png(w, h):
    raw = b"".join(b"\0" + bytes((x * 7 + y * 13) & 255 for x in range(w * 3)) for y in range(h))
    # Level 0 (stored deflate blocks): the same bytes with every zlib version.
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + png_chunk(b"IDAT", zlib.compress(raw, 0)) + png_chunk(b"IEND", b""))

def zip_archive(entries):
    """entries: (name, data, method, descriptor). Method 8 entries hold their data as it is (the engine
    only reads the method)."""
    out, central = b"", b""
    for name, data, method, descriptor in entries:
        crc = zlib.crc32(data)
        flags = 8 if descriptor else 0
        local_crc = 0 if descriptor else crc
        off = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, method, 0, 0x21, local_crc, len(data), len(data), len(name), 0) + name + data
        if descriptor:
            out += struct.pack("<IIII", 0x08074B50, crc, len(data), len(data))
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, flags, method, 0, 0x21, crc, len(data), len(data), len(name), 0, 0, 0, 0, 0, off) + name
    return out + central + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(out), 0)

def tar_archive(members):
    out = b""
    for name, data in members:
        h = bytearray(512)
        h[0:len(name)] = name
        h[100:108] = b"0000644\0"
        h[108:116] = h[116:124] = b"0000000\0"
        h[124:136] = b"%011o\0" % len(data)
        h[136:148] = b"14712345670\0"
        h[148:156] = b" " * 8
        h[156] = ord("0")
        h[257:265] = b"ustar\x0000"
        h[148:156] = b"%06o\0 " % sum(h)
        out += bytes(h) + data + b"\0" * (-len(data) % 512)
    return out + b"\0" * 1024

def ogg_crc(data):
    crc = 0
    for b in data:
        crc ^= b << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) & 0xFFFFFFFF if crc & 0x80000000 else (crc << 1) & 0xFFFFFFFF
    return crc

def ogg_stream(packets):
    out = b""
    for seq, packet in enumerate(packets):
        segs = [255] * (len(packet) // 255) + [len(packet) % 255]
        header = b"OggS\0" + bytes([2 if seq == 0 else 0]) + struct.pack("<qIII", seq * 1000, 0x1234, seq, 0) + bytes([len(segs)]) + bytes(segs)
        page = header + packet
        out += page[:22] + struct.pack("<I", ogg_crc(page)) + page[26:]
    return out

def crc8(data):
    c = 0
    for b in data:
        c ^= b
        for _ in range(8):
            c = ((c << 1) ^ 0x07) & 0xFF if c & 0x80 else (c << 1) & 0xFF
    return c

def crc16(data):
    c = 0
    for b in data:
        c ^= b << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x8005) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
    return c

def flac_stream(frames, block=64, md5=bytes(16)):
    # STREAMINFO: block sizes, frame sizes 0 (unknown), 44100 Hz, mono, 16 bits, samples, MD5.
    info = struct.pack(">HH", block, block) + b"\0" * 6 + bytes([0x0A, 0xC4, 0x40, 0xF0]) + struct.pack(">I", block * frames) + md5
    out = b"fLaC" + bytes([0x80, 0, 0, len(info)]) + info
    for i in range(frames):
        # Block size code 6 (8-bit size - 1 follows), 44.1 kHz, mono, 16 bits, frame number i (one byte).
        header = bytes([0xFF, 0xF8, 0x69, 0x08, i, block - 1])
        header += bytes([crc8(header)])
        # One VERBATIM subframe of 16-bit samples.
        body = b"\x02" + b"".join(struct.pack(">h", ((j * 97 + i * 31) % 2000) - 1000) for j in range(block))
        frame = header + body
        out += frame + struct.pack(">H", crc16(frame))
    return out

hexed = lambda b: {"gen": "hex", "hex": b.hex()}
FIX_INPUTS = [
    ("picture.png", png(24, 16)),
    ("stored.zip", zip_archive([(b"a.txt", b"alpha " * 300, 0, False), (b"dir/", b"", 0, False), (b"b.bin", bytes(range(256)) * 4, 0, True)])),
    ("mixed.zip", zip_archive([(b"a.txt", b"alpha " * 300, 0, False), (b"deflated.txt", b"x" * 500, 8, False)])),
    ("files.tar", tar_archive([(b"one.txt", b"one " * 200), (b"two.txt", b"two " * 700)])),
    ("sound.ogg", ogg_stream([b"\x01vorbis" + bytes(22), bytes(range(256)) * 3, b"z" * 700])),
    ("sound.flac", flac_stream(12)),
    ("sound-md5.flac", flac_stream(6, md5=bytes(range(1, 17)))),
    ("data.gz", bytes.fromhex("1f8b0800000000000003") + bytes(range(200))),
]
for name, data in FIX_INPUTS:
    for m, intensity in [("byte_flip", 40), ("header_preserve_flip", 80), ("bad_sectors", 100), ("bit_rot", 100)]:
        add(hexed(data), name, m, intensity=intensity, seed=5, why=f"fix checksums {name}", fix=True)
add(hexed(FIX_INPUTS[0][1]), "picture.png", "byte_flip", intensity=40, seed=5, why="fix checksums with ranges",
    ranges={"protect": ["0:0x30"]}, fix=True)
add(hexed(FIX_INPUTS[3][1]), "files.tar", "bit_rot", intensity=100, seed=6, why="fix checksums: a protected field",
    ranges={"protect": ["148:156"]}, fix=True)
add({"gen": "hex", "hex": ""}, "empty.png", "bit_rot", why="fix checksums on an empty file", fix=True)
add(rnd(5000, 8), "data.bin", "bad_sectors", why="fix checksums: nothing to fix", fix=True)
# byte_flip escalates when the output still looks intact (an Ogg page of text): the escalated output
# is fixed again.
for s in range(4):
    add(hexed(ogg_stream([b"plain text, " * 200])), "talk.ogg", "byte_flip", intensity=0, seed=s,
        why="fix checksums and escalation", fix=True)

# The tar walk of section 6.10.1 and the zip and flac rules of 6.10 and 6.10.2 (added with them; every
# record above is unchanged): GNU long names and links, a pax size record, an old GNU sparse member
# with an extension block, a base-256 size, a header summed as signed bytes; a zip whose central
# directory is in reverse order, one naming a STORED entry five times, and a FLAC whose frames hold
# false sync codes.
def tar_header(name, size_field, kind, signed=False, edit=None):
    h = bytearray(512)
    h[0:len(name)] = name
    h[100:108] = b"0000644\0"
    h[124:136] = size_field
    h[156] = ord(kind)
    h[257:265] = b"ustar  \0"
    if edit:
        edit(h)
    h[148:156] = b" " * 8
    total = sum(b - 256 if signed and b >= 128 else b for b in h)
    h[148:156] = b"%06o\0 " % total
    return bytes(h)

octal12 = lambda v: b"%011o\0" % v
pad = lambda d: d + b"\0" * (-len(d) % 512)
long_name = b"d/" * 80 + b"long-name.txt"
records = b"30 path=" + b"p" * 21 + b"\n" + b"13 size=1300\n"
def sparse_edit(h):
    h[386:398] = octal12(0)
    h[398:410] = octal12(512)
    h[482] = 1
    h[483:495] = octal12(10000)
extension = bytearray(512)
extension[0:12] = octal12(9488)
extension[12:24] = octal12(512)
TAR_KINDS = b"".join([
    tar_header(b"././@LongLink", octal12(len(long_name) + 1), "L"), pad(long_name + b"\0"),
    tar_header(long_name[:100], octal12(700), "0"), pad(b"a" * 700),
    tar_header(b"././@LongLink", octal12(len(long_name) + 1), "K"), pad(long_name + b"\0"),
    tar_header(b"link", octal12(0), "2"),
    tar_header(b"./PaxHeaders/x", octal12(len(records)), "x"), pad(records),
    tar_header(b"pax-sized", octal12(0), "0"), pad(b"p" * 1300),
    tar_header(b"sparse.img", octal12(1024), "S", edit=sparse_edit), bytes(extension), b"s" * 1024,
    tar_header(b"base-256", b"\x80" + bytes(9) + struct.pack(">H", 513), "0"), pad(b"b" * 513),
    tar_header("signed-\u00e9".encode(), octal12(10), "0", signed=True), pad(b"0123456789"),
    tar_header(b"last.txt", octal12(5), "0"), pad(b"last\n"),
]) + bytes(1024)

def zip_reordered(entries, order):
    z = zip_archive(entries)
    (count, cd_len, cd_at) = struct.unpack("<HII", z[-12:-2])
    cd, parts, p = z[cd_at:cd_at + cd_len], [], 0
    for _ in range(count):
        n, x, c = struct.unpack("<HHH", cd[p + 28:p + 34])
        parts.append(cd[p:p + 46 + n + x + c])
        p += 46 + n + x + c
    return z[:cd_at] + b"".join(parts[i] for i in order) + z[cd_at + cd_len:]

def zip_one_named(times):
    z = zip_archive([(b"big.bin", bytes(range(256)) * 12, 0, False)])
    (count, cd_len, cd_at) = struct.unpack("<HII", z[-12:-2])
    return z[:cd_at] + z[cd_at:cd_at + cd_len] * times + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, times, times, cd_len * times, cd_at, 0)

def flac_false_sync(frames, block=64):
    good = flac_stream(frames, block)
    # Each frame's first samples spell a frame header with its CRC-8: a false sync code inside it.
    fake = bytes([0xFF, 0xF8, 0x69, 0x08, 0x55, block - 1])
    fake += bytes([crc8(fake)])
    out, p = bytearray(good[:42]), 42
    for i in range(frames):
        header = bytes([0xFF, 0xF8, 0x69, 0x08, i, block - 1])
        header += bytes([crc8(header)])
        body = b"\x02" + fake + fake + b"".join(struct.pack(">h", (j * 31 + i) % 900) for j in range(block - 7))
        frame = header + body
        out += frame + struct.pack(">H", crc16(frame))
    return bytes(out)

for name, data in [
    ("kinds.tar", TAR_KINDS),
    ("reversed.zip", zip_reordered([(b"a.txt", b"alpha " * 300, 0, False), (b"b.bin", bytes(range(256)) * 4, 0, True), (b"c.txt", b"gamma " * 90, 0, False)], [2, 1, 0])),
    ("one-named-five-times.zip", zip_one_named(5)),
    ("false-sync.flac", flac_false_sync(6)),
]:
    for m, intensity in [("byte_flip", 40), ("bit_rot", 100)]:
        add(hexed(data), name, m, intensity=intensity, seed=9, why=f"fix checksums (6.10.1, 6.10.2) {name}", fix=True)

# member (docs/contract.md, section 6.11): members of a ZIP (stored, deflated, with a data descriptor),
# a ZIP64 and a tar corrupted inside the archive.
def deflated(data):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()

def member_zip():
    entries = [
        (b"mimetype", b"application/vnd.oasis.opendocument.text", 0, b"", False),
        (b"word/document.xml", b"<w:document>" + b"<w:p>hello member</w:p>" * 60 + b"</w:document>", 8, b"", False),
        (b"word/media/", b"", 0, b"", False),
        (b"word/styles.xml", b"<w:styles>" + b"<w:style/>" * 40 + b"</w:styles>", 8, b"", True),
        (b"word/media/image1.png", png(6, 4), 0, b"\x55\x54\x05\x00\x01\x00\x00\x00\x00", False),
        (b"docProps/app.xml", b"<Properties/>", 8, b"", False),
    ]
    out, central = b"", b""
    for name, data, method, extra, descriptor in entries:
        stored = deflated(data) if method == 8 else data
        crc, flags = zlib.crc32(data), (8 if descriptor else 0) | 0x800
        off = len(out)
        local = (0, 0, 0) if descriptor else (crc, len(stored), len(data))
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, method, 0x6000, 0x5A21, *local, len(name), len(extra)) + name + extra + stored
        if descriptor:
            out += struct.pack("<IIII", 0x08074B50, crc, len(stored), len(data))
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0x031E, 20, flags, method, 0x6000, 0x5A21, crc, len(stored), len(data), len(name), len(extra), 0, 0, 0, 0o100644 << 16, off) + name + extra
    comment = b"made for the golden vectors"
    return out + central + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(out), len(comment)) + comment

def member_zip64():
    import io, zipfile
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data, method in [("a/notes.txt", b"zip64 notes " * 40, zipfile.ZIP_DEFLATED), ("a/b/data.csv", b"id,value\n" + b"".join(b"%d,%d\n" % (i, i * i) for i in range(60)), zipfile.ZIP_STORED), ("readme.txt", b"read me", zipfile.ZIP_STORED)]:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 26, 12, 0, 0))
            info.compress_type = method
            with z.open(info, "w", force_zip64=True) as f:
                f.write(data)
    return buf.getvalue()

MEMBER_TAR = tar_archive([(b"docs/a.txt", b"first member text " * 30), (b"docs/b.txt", b"second " * 100), (b"img.bin", bytes(range(256)) * 3)])

for name, data, glob, runs in [
    ("report.docx", member_zip(), "word/*.xml", [("byte_flip", 80, None, False), ("truncate_insert", 60, None, False), ("guaranteed_break", 80, None, False), ("bit_rot", 100, {"only": ["10:"], "protect": []}, True)]),
    ("report.docx", member_zip(), "**.png", [("byte_flip", 30, None, True), ("interrupted_transfer", 50, None, False)]),
    ("archive.zip", member_zip64(), "a/**", [("byte_flip", 80, None, False), ("shuffle_blocks", 100, None, False), ("bad_sectors", 70, None, False)]),
    ("bundle.tar", MEMBER_TAR, "docs/?.txt", [("byte_flip", 50, None, False), ("truncate_insert", 80, None, False), ("interrupted_transfer", 40, None, False)]),
]:
    for m, intensity, ranges, fix in runs:
        add(hexed(data), name, m, intensity=intensity, seed=77, why=f"member (6.11) {name} {glob}", ranges=ranges, fix=fix, member=glob)

# Damage as it really travels (docs/contract.md, sections 6.12 to 6.16): text_transfer, seven_bit,
# charset_roundtrip and misdirected_write, added after every record above.
TRAVEL = ["text_transfer", "seven_bit", "charset_roundtrip", "misdirected_write"]
# Text with every unit: CR LF, lone CRs and LFs, UTF-8 (well-formed, cut and overlong), CP1252 bytes
# (two without a character), a UTF-8 BOM first.
MIXED = {"gen": "concat", "parts": [
    {"gen": "hex", "hex": "efbbbf"},
    {"gen": "text", "len": 3000, "text": "caf\u00e9 \u20ac line\r\nnext\nlone\rcr\r\r\n\u00fcber \u2019q\u2019 \U0001F600\n"},
    {"gen": "hex", "hex": "9341948190e282c0af0d"},
    {"gen": "text", "len": 6000, "text": "r\u00e9sum\u00e9\r\n\u0152uvre na\u00efve\n"},
]}
for n in [0, 1, 4096, 8191, 8192, 65535, 65536, 65537, 131073]:
    for m in TRAVEL:
        add(rnd(n, n + 2), "data.bin", m, why=f"travel size {n}")
for i in [0, 1, 50, 99, 100]:
    for m in TRAVEL:
        add(MIXED, "notes.txt", m, intensity=i, seed=21, why=f"travel intensity {i}")
for s in [0, 2147483646, 2**53 - 1]:
    for m in TRAVEL:
        add(rnd(20000, 9), "data.bin", m, seed=s, why=f"travel seed {s}")
for d in ["lf_to_crlf", "crlf_to_lf"]:
    for i in [30, 100]:
        add(MIXED, "notes.txt", "text_transfer", intensity=i, seed=4, why=f"text_transfer {d}", direction=d)
        add(rnd(70000, 5), "blob.bin", "text_transfer", intensity=i, seed=4, why=f"text_transfer {d} binary", direction=d)
for d in ["to_utf8", "from_utf8"]:
    for c in ["cp1252", "latin1"]:
        for b in ["keep", "add", "strip"]:
            for inp, name in [(MIXED, "notes.txt"), (rnd(9000, 6), "blob.bin")]:
                add(inp, name, "charset_roundtrip", intensity=100, seed=6, why=f"charset_roundtrip {d} {c} {b}",
                    direction=d, charset=c, bom=b)
        add(MIXED, "notes.txt", "charset_roundtrip", intensity=45, seed=6, why=f"charset_roundtrip {d} {c} fraction",
            direction=d, charset=c)
for size in [512, 4096]:
    for i in [1, 60, 100]:
        add(rnd(200000, 12), "disk.img", "misdirected_write", intensity=i, seed=31, why=f"misdirected_write {size}",
            block_size=size)
for m in ["seven_bit", "misdirected_write"]:
    add(rnd(140000, 13), "data.bin", m, intensity=70, seed=8, why=f"{m} with byte ranges",
        ranges={"only": ["1000:100000"], "protect": ["4096:9000", "-700:"]})
    add(rnd(140000, 13), "data.bin", m, intensity=70, seed=8, why=f"{m} with ranges that leave no whole block eligible",
        ranges={"only": ["70000:70100"]})
for name, data in FIX_INPUTS:
    add(hexed(data), name, "seven_bit", intensity=60, seed=5, why=f"travel fix checksums {name}", fix=True)
    add(hexed(data), name, "misdirected_write", intensity=100, seed=5, why=f"travel fix checksums {name}", fix=True,
        block_size=512)
for name in ["empty.txt", "empty"]:
    for m in TRAVEL:
        add({"gen": "hex", "hex": ""}, name, m, why="travel empty")
add({"gen": "hex", "hex": ""}, "empty.txt", "charset_roundtrip", why="travel empty: no BOM added", bom="add")
add({"gen": "hex", "hex": "efbb"}, "short.txt", "charset_roundtrip", intensity=100, why="travel: half a BOM", bom="strip")
for d in ["lf_to_crlf", "crlf_to_lf"]:
    add({"gen": "hex", "hex": "0a0d0a0d0d0a0d"}, "edges.txt", "text_transfer", intensity=100, why=f"travel: line ending edges {d}",
        direction=d)
add(hexed(member_zip()), "report.docx", "text_transfer", intensity=100, seed=77, why="travel member (6.11)",
    member="word/*.xml", direction="lf_to_crlf")

json.dump({"cases": cases}, open(os.path.join(os.path.dirname(__file__), "cases.json"), "w"), indent=2)
print(len(cases), "cases")

#!/usr/bin/env python3
"""Writes selector-cases.json: the cases of selectors.json, the golden vectors of aim by structure
(docs/contract.md, section 14.4). `FRACTURE_BLESS=1 cargo test --release -p fracture-engine --test
golden selector_vectors` fills in each case's outcome with the native engine: either the error's
text, or the output's SHA-256 and the report's `ranges`, `allowed_bytes`, `selected`, `hits` and
`expect_overall`; the TypeScript reference engine and the WebAssembly module check them
(tests/cross-engine/golden.test.ts). Inputs are generators as in README.md, here always `hex`."""
import io, json, os, struct, tarfile, zipfile, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
from pngs import chunk, png

cases = []


def add(data, name, why, only=(), protect=(), mode="byte_flip", intensity=40, seed=11, fix=False):
    ranges = {}
    if only:
        ranges["only"] = list(only)
    if protect:
        ranges["protect"] = list(protect)
    case = {"why": why, "input": {"gen": "hex", "hex": data.hex()}, "name": name, "mode": mode,
            "intensity": intensity, "seed": seed, "ranges": ranges}
    if fix:
        case["fix_checksums"] = True
    cases.append(case)


def zip_of(members):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 2, 3, 4, 6))
            info.compress_type = zipfile.ZIP_STORED  # stored: the same bytes with every zlib version
            z.writestr(info, data)
    return buf.getvalue()


def tar_of(members):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode, info.uname, info.gname = len(data), 1600000000, 0o644, "u", "g"
            t.addfile(info, io.BytesIO(data))
    return buf.getvalue()


PNG = png(40, 30, 4, trailing=b"after the end " * 4, comment=b"made for the selector vectors")
add(PNG, "layers.png", "a unit without #k: the data of every IDAT", only=["png:IDAT/data"])
add(PNG, "layers.png", "#k: one IDAT chunk whole (its four fields, joined into one span)", only=["png:IDAT#2"])
add(PNG, "layers.png", "#k and a field", only=["png:IDAT#0/crc"], intensity=100)
add(PNG, "layers.png", "* within one segment: every chunk's CRC", only=["png:*/crc"], intensity=100)
add(PNG, "layers.png", "* inside a segment: chunks whose type starts with I", only=["png:I*/type"], intensity=100)
add(PNG, "layers.png", "only a selector, protect a selector", only=["png:IDAT"], protect=["png:IDAT#1", "png:*/crc"])
add(PNG, "layers.png", "selectors mixed with byte ranges, in the given order", only=["0:4", "png:tEXt/data", "-20:"],
    protect=["png:tEXt/data"])
add(PNG, "layers.png", "the signature, one bit", only=["png:signature"], mode="bit_rot", intensity=1)
add(PNG, "layers.png", "fix_checksums with a selector: CRCs of changed chunks recomputed", only=["png:IDAT/data"],
    mode="bit_rot", intensity=100, fix=True)
add(PNG, "layers.png", "protect trailing, whole file otherwise", protect=["png:trailing", "png:IEND"],
    mode="header_preserve_flip")
add(PNG, "layers.png", "no match: the error names the file's units", only=["png:zTXt"])
add(PNG, "layers.png", "no match for a field of a unit that exists", only=["png:IHDR/body"])
add(PNG, "layers.png", "#k past the last repeat", only=["png:IDAT#4/data"])
add(PNG, "layers.png", "another format's selector", only=["zip:eocd"])
add(PNG, "layers.png", "another format's selector in protect", protect=["jpeg:SOI"])

ZIP = zip_of([("[Content_Types].xml", b"<Types/>" * 20), ("word/document.xml", b"<w:document>" + b"text " * 200 + b"</w:document>"),
              ("word/media/a]b/c.txt", b"odd name " * 30), ("docProps/core.xml", b"<core/>" * 10)])
add(ZIP, "report.docx", "a member name with / inside [...]", only=["zip:member[word/document.xml]/data"])
add(ZIP, "report.docx", "* inside [...] crosses the / of a name", only=["zip:member[word/*]/data"])
add(ZIP, "report.docx", "a name with ] and / inside [...]", only=["zip:member[word/media/a]b/c.txt]/data"])
add(ZIP, "report.docx", "a name with [ ] of its own", only=["zip:member[[Content_Types].xml]/local_header"], intensity=100)
add(ZIP, "report.docx", "every central directory entry and the end record", only=["zip:central[*]", "zip:eocd"],
    intensity=100)
add(ZIP, "report.docx", "a member's data protected, its CRC fixed", protect=["zip:member[word/document.xml]/data",
    "zip:eocd"], mode="bit_rot", intensity=100, fix=True)
add(ZIP, "report.docx", "no match: a member that is not there", only=["zip:member[word/styles.xml]"])

TAR = tar_of([("dir/notes.txt", b"notes " * 100), ("dir/sub/data.bin", bytes(range(256)) * 3), ("top.txt", b"x" * 10)])
add(TAR, "bundle.tar", "a tar member's data, name with /", only=["tar:member[dir/notes.txt]/data"])
add(TAR, "bundle.tar", "every header", only=["tar:*/header"], intensity=100)
add(TAR, "bundle.tar", "the end blocks and padding", only=["tar:end", "tar:*/padding"], intensity=100)
add(TAR, "bundle.tar", "another format's selector in a tar", only=["png:IDAT/data"])

gz = b""
for text in (b"first member " * 40, b"second member " * 40):
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    gz += c.compress(text) + c.flush()
add(gz, "two.gz", "#k on a repeated gzip member", only=["gzip:member#1/crc32"], intensity=100)
add(gz, "two.gz", "a field of every member", only=["gzip:member/deflate"])

add(bytes(range(256)) * 8, "noise.bin", "a file without a walk: its one region", only=["generic:whole"])
add(b"", "empty.png", "an empty input: a selector selects no byte", only=["png:IDAT/data"])

json.dump({"cases": cases}, open(os.path.join(HERE, "selector-cases.json"), "w"), indent=2)
print(len(cases), "cases")

#!/usr/bin/env python3
"""Writes structure-cases.json: the cases of structure.json, the golden vectors of the structure map
and the hits (docs/contract.md, section 14). `make golden` (FRACTURE_BLESS=1 cargo test --release
--test golden) fills in each case's map, hits and overall expectation with the native engine; every
engine then checks them. Inputs are generators as in README.md."""
import json, os, struct, zlib

from pngs import chunk, png

cases = []

def add(data, name, mode, intensity=30, seed=5, why="", ranges=None, fix=False, **variant):
    inp = {"gen": "hex", "hex": data.hex()} if isinstance(data, bytes) else data
    case = {"why": why, "input": inp, "name": name, "mode": mode, "intensity": intensity, "seed": seed}
    if ranges:
        case["ranges"] = ranges
    if fix:
        case["fix_checksums"] = True
    # The conversion modes' and misdirected_write's options (docs/contract.md, sections 6.13 to 6.16).
    case.update(variant)
    cases.append(case)

PNG = png(80, 60, 4, trailing=b"after the end " * 8, comment=b"made for the structure vectors")
for mode in ["byte_flip", "header_preserve_flip", "truncate_insert", "shuffle_blocks", "guaranteed_break",
             "interrupted_transfer", "bad_sectors", "bit_rot"]:
    add(PNG, "layers.png", mode, why=f"png map, {mode}")
add(PNG, "layers.png", "byte_flip", intensity=5, fix=True, why="fix_checksums: checked bytes may be accepted, CRCs repaired")
add(PNG, "layers.png", "bit_rot", intensity=100, fix=True, ranges={"only": ["200:300"]}, why="fix_checksums inside one IDAT")
add(PNG, "layers.png", "bit_rot", intensity=100, fix=True, ranges={"protect": ["-134:"]},
    why="fix_checksums with the last chunks protected")
add(PNG, "layers.png", "header_preserve_flip", ranges={"only": ["-100:"]}, why="only the trailing bytes: ignored")
add(PNG, "layers.png", "bit_rot", intensity=1, ranges={"only": ["8:16"]}, why="the IHDR length and type: reject")
add(PNG, "layers.png", "bit_rot", intensity=1, ranges={"only": ["0:8"]}, why="the signature: reject")
add(PNG[:5000], "cut.png", "byte_flip", why="a PNG cut short: the rest is trailing")
add({"gen": "random", "len": 9000, "seed": 3}, "noise.bin", "byte_flip", why="no walk: one region")
add({"gen": "text", "len": 3000, "text": "id,name\n1,alpha\n"}, "rows.csv", "guaranteed_break",
    why="text's recipe changes the length: every region is hit")
add(b"", "empty.png", "bit_rot", why="empty input: no regions, unchanged")
add(PNG, "layers.png", "bit_rot", intensity=0, ranges={"only": ["10:11"]}, seed=1, why="one bit in a length")

# Unchecked spots (section 14.2): which bytes of a ZIP header changed decides.
ZIP = open(os.path.join(os.path.dirname(__file__), "structure", "inputs", "two-members.zip"), "rb").read()
CD = ZIP.index(b"PK\x01\x02")
add(ZIP, "two.zip", "byte_flip", intensity=100, ranges={"only": [f"{CD + 12}:{CD + 16}", f"{CD + 36}:{CD + 42}"]},
    why="a central entry's date, time and attributes: may_accept")
add(ZIP, "two.zip", "byte_flip", intensity=100, ranges={"only": ["10:14"]}, why="a local header's date and time: may_accept")
add(ZIP, "two.zip", "byte_flip", intensity=100, ranges={"only": ["8:14"]}, why="the method with the date: reject")

# Damage as it really travels (sections 6.13 to 6.16, 14.2): a converted unit's bytes are its hit.
add(PNG, "layers.png", "text_transfer", intensity=100, why="LF to CRLF in a PNG: the signature's LF and data", direction="lf_to_crlf")
add(PNG, "layers.png", "text_transfer", intensity=100, why="CRLF to LF in a PNG: the signature's CR", direction="crlf_to_lf")
add(PNG, "layers.png", "seven_bit", intensity=100, why="the high bit cleared: the signature's 0x89 and data")
add(PNG, "layers.png", "seven_bit", intensity=100, ranges={"only": ["8:"]}, fix=True, why="seven_bit after the signature, CRCs repaired")
add(PNG, "layers.png", "charset_roundtrip", intensity=100, why="a PNG read as CP1252, written as UTF-8")
add(PNG, "layers.png", "charset_roundtrip", intensity=100, why="a BOM added before a PNG", bom="add")
add(PNG, "layers.png", "misdirected_write", intensity=100, why="blocks written over others in a PNG", block_size=512)
add(PNG, "layers.png", "misdirected_write", intensity=100, fix=True, why="misdirected blocks, CRCs repaired", block_size=512)
add({"gen": "text", "len": 3000, "text": "id,name\r\n1,\u00e9t\u00e9\r\n"}, "rows.csv", "text_transfer", intensity=60,
    why="CRLF to LF in text: payload", direction="crlf_to_lf")
add({"gen": "text", "len": 3000, "text": "id,name\r\n1,\u00e9t\u00e9\r\n"}, "rows.csv", "charset_roundtrip", intensity=100,
    why="UTF-8 read back as Latin-1 in text", direction="from_utf8", charset="latin1", bom="strip")

json.dump({"cases": cases}, open(os.path.join(os.path.dirname(__file__), "structure-cases.json"), "w"), indent=2)
print(len(cases), "cases")

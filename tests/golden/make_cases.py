#!/usr/bin/env python3
"""Writes cases.json: the golden-vector cases (inputs as generators, so the file stays small).
The expected results are filled in by the native engine (`FRACTURE_BLESS=1 cargo test --release
--test golden`) into vectors.json, which every engine then checks. See README.md for the generators."""
import json, os

MODES = ["byte_flip", "header_preserve_flip", "truncate_insert", "shuffle_blocks", "guaranteed_break"]
cases = []

def add(inp, name, mode, intensity=80, seed=1234567890, why=""):
    cases.append({"why": why, "input": inp, "name": name, "mode": mode, "intensity": intensity, "seed": seed})

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

json.dump({"cases": cases}, open(os.path.join(os.path.dirname(__file__), "cases.json"), "w"), indent=1)
print(len(cases), "cases")

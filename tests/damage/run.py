#!/usr/bin/env python3
"""The modes of damage as it travels, against the real tools that make that damage (docs/damage.md).

On real files written by real tools (tests/parsers/make_fixtures.py: PNG and JPEG from ImageMagick,
ZIP from zipfile, PDF from qpdf, gzip from gzip, text, a CRLF text from unix2dos), the native
`fracture` at intensity 100 must give, byte for byte:

- text_transfer lf_to_crlf: what a vsftpd server sends for the file in ASCII mode, fetched by curl in
  ASCII mode (the bytes curl's --trace shows it received), and `unix2dos -f`'s output on every file
  where unix2dos pairs no CR with a CR (checked: no even run of CRs before an LF);
- text_transfer crlf_to_lf: `dos2unix -f`, and what vsftpd stores for the file uploaded in ASCII mode;
- seven_bit: `tr '\\200-\\377' '\\000-\\177'`;
- charset_roundtrip: `iconv -c` in each direction, for CP1252 and Latin-1, and with a BOM added
  (`printf '\\357\\273\\277'` before it) or stripped (`tail -c +4` first);
- misdirected_write: `dd conv=notrunc` of each written block over a copy of the input.

It also checks what docs/damage.md says curl does on its own side of an ASCII-mode transfer (a
download saved with CR LF and lone CRs made LF; an upload sent with a CR before every LF) and the one
place unix2dos and vsftpd differ. vsftpd runs here, on 127.0.0.1 at a free high port, with its own
configuration in a temporary directory, and is stopped at the end.

Run: python3 tests/damage/run.py [--fracture PATH]   (bash scripts/test.sh damage)
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "parsers"))
sys.path.insert(0, HERE)

import make_fixtures  # noqa: E402
from ftp import Vsftpd  # noqa: E402

# Real files of the families the issue names, and text: (fixture, family).
FIXTURES = [
    ("image_small.png", "png"),
    ("image_large.png", "png"),
    ("image_small.jpg", "jpeg"),
    ("image_large.jpg", "jpeg"),
    ("archive_small.zip", "zip"),
    ("archive_stored.zip", "zip"),
    ("document_multi.pdf", "pdf"),
    ("document_large.pdf", "pdf"),
    ("stream_large.gz", "gzip"),
    ("stream_multi.gz", "gzip"),
    ("notes_large.txt", "text"),
    ("notes_utf8.txt", "text"),
    ("notes_crlf.txt", "text"),
]
BOM = b"\xef\xbb\xbf"


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = []
        self.skipped = []

    def equal(self, what, got, want):
        if got == want:
            self.passed += 1
            return
        at = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        self.failed.append(f"{what}: {len(got)} bytes against {len(want)}, first difference at {at}")

    def true(self, what, ok):
        if ok:
            self.passed += 1
        else:
            self.failed.append(what)


def tool(cmd, data, **kw):
    """A real tool's standard output for `data` on its standard input (its exit status aside:
    iconv -c exits 1 when it dropped a character, and says so on stderr)."""
    return subprocess.run(cmd, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw).stdout


def in_file(cmd, data, work):
    """A tool that converts a file in place (unix2dos, dos2unix): its result on a copy of `data`."""
    path = os.path.join(work, "converted")
    with open(path, "wb") as f:
        f.write(data)
    subprocess.run([*cmd, path], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(path, "rb") as f:
        return f.read()


class Fracture:
    def __init__(self, binary, work):
        self.binary = binary
        self.work = work

    def run(self, path, mode, *options, intensity=100, seed=5):
        out = os.path.join(self.work, "out")
        shutil.rmtree(out, ignore_errors=True)
        cmd = [self.binary, "--quiet", "--mode", mode, "--intensity", str(intensity), "--seed", str(seed),
               *options, "--out", out, path]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        (name,) = os.listdir(out)
        with open(os.path.join(out, name), "rb") as f:
            return f.read()


def unix2dos_pairs_a_cr(data):
    """Whether unix2dos would pair a CR with another CR before an LF (an even run of CRs before it),
    the one place its output differs from vsftpd's and this mode's (docs/damage.md)."""
    return any(len(m.group(1)) % 2 == 0 for m in re.finditer(rb"(\r+)\n", data))


def misdirected_blocks(before, after, block):
    """Each block of `after` that differs from `before`, with a block of `before` it is a copy of."""
    writes = []
    whole = len(before) // block
    copies = {}
    for s in range(whole):
        copies.setdefault(before[s * block:(s + 1) * block], []).append(s)
    for d in range(whole):
        got = after[d * block:(d + 1) * block]
        if got != before[d * block:(d + 1) * block]:
            sources = [s for s in copies.get(got, []) if s != d]
            writes.append((d, sources[0] if sources else None))
    return writes


def dd_replay(path, writes, block, work):
    """A copy of the file with each write made by dd conv=notrunc."""
    copy = os.path.join(work, "dd-copy")
    shutil.copyfile(path, copy)
    for dest, source in writes:
        subprocess.run(["dd", f"if={path}", f"of={copy}", f"bs={block}", f"skip={source}", f"seek={dest}",
                        "count=1", "conv=notrunc", "status=none"], check=True)
    with open(copy, "rb") as f:
        return f.read()


def check_file(c, fr, ftp, path, name, family, work):
    data = open(path, "rb").read()
    tag = f"{name} ({family}, {len(data)} bytes)"
    lf = fr.run(path, "text_transfer", "--direction", "lf_to_crlf")
    crlf = fr.run(path, "text_transfer", "--direction", "crlf_to_lf")
    # The wire of an ASCII-mode download, as curl received it; then what curl saved of it.
    wire, saved = ftp.download_ascii(name)
    c.equal(f"{tag}: lf_to_crlf = vsftpd's ASCII-mode download (curl --use-ascii received)", lf, wire)
    c.equal(f"{tag}: curl saves the download with CR LF and lone CRs made LF",
            saved, re.sub(rb"\r\n?", b"\n", wire))
    if unix2dos_pairs_a_cr(data):
        # Where unix2dos pairs a CR with a CR (check_edges holds that rule), it is not compared;
        # the run says how many files that left out.
        c.skipped.append(f"{tag}: lf_to_crlf against unix2dos -f (an even run of CRs before an LF)")
    else:
        c.equal(f"{tag}: lf_to_crlf = unix2dos -f", lf, in_file(["unix2dos", "-f", "-q"], data, work))
    c.true(f"{tag}: starts with no BOM dos2unix would treat specially", not data.startswith((BOM, b"\xff\xfe", b"\xfe\xff")))
    c.equal(f"{tag}: crlf_to_lf = dos2unix -f", crlf, in_file(["dos2unix", "-f", "-q"], data, work))
    c.equal(f"{tag}: crlf_to_lf = vsftpd's ASCII-mode upload (stored)", crlf, ftp.upload_raw_ascii(name, data))
    c.equal(f"{tag}: curl --use-ascii uploads a CR before every LF", ftp.upload_curl_ascii(name, path),
            data.replace(b"\n", b"\r\n"))
    c.equal(f"{tag}: seven_bit = tr", fr.run(path, "seven_bit"), tool(["tr", "\\200-\\377", "\\000-\\177"], data))
    for direction, charset, frm, to in [
        ("to_utf8", "cp1252", "CP1252", "UTF-8"),
        ("to_utf8", "latin1", "ISO-8859-1", "UTF-8"),
        ("from_utf8", "cp1252", "UTF-8", "CP1252"),
        ("from_utf8", "latin1", "UTF-8", "ISO-8859-1"),
    ]:
        iconv = tool(["iconv", "-c", "-f", frm, "-t", to], data)
        opts = ["--direction", direction, "--charset", charset]
        c.equal(f"{tag}: charset_roundtrip {direction} {charset} = iconv -c -f {frm} -t {to}",
                fr.run(path, "charset_roundtrip", *opts), iconv)
        if direction == "to_utf8":
            c.equal(f"{tag}: ... with --bom add = printf BOM; iconv", fr.run(path, "charset_roundtrip", *opts, "--bom", "add"),
                    BOM + iconv)
    for block in (512, 4096):
        out = fr.run(path, "misdirected_write", "--block-size", str(block), intensity=30, seed=11)
        writes = misdirected_blocks(data, out, block)
        c.true(f"{tag}: misdirected_write {block}: every changed block is a copy of another", all(s is not None for _, s in writes))
        if writes and all(s is not None for _, s in writes):
            c.equal(f"{tag}: misdirected_write {block} = dd conv=notrunc, {len(writes)} blocks", out,
                    dd_replay(path, writes, block, work))
        elif len(data) >= 2 * block:
            c.true(f"{tag}: misdirected_write {block} changed a block", False)


def check_edges(c, fr, ftp, work):
    """Small files made for one rule each: where the tools disagree, and the BOM."""
    cases = os.path.join(work, "edges")
    os.makedirs(cases, exist_ok=True)
    crcrlf = os.path.join(cases, "crcrlf.txt")
    with open(crcrlf, "wb") as f:
        f.write(b"a\r\r\nb\r\r\r\nc\n")
    data = open(crcrlf, "rb").read()
    c.equal("CR CR LF: unix2dos pairs a CR with a CR and adds one", in_file(["unix2dos", "-f", "-q"], data, work),
            b"a\r\r\r\nb\r\r\r\nc\r\n")
    c.equal("CR CR LF: vsftpd and lf_to_crlf leave an LF that has a CR before it",
            fr.run(crcrlf, "text_transfer", "--direction", "lf_to_crlf"), b"a\r\r\nb\r\r\r\nc\r\n")
    ftp.put_file("crcrlf.txt", data)
    c.equal("CR CR LF: vsftpd's download", ftp.download_ascii("crcrlf.txt")[0], b"a\r\r\nb\r\r\r\nc\r\n")
    bommed = os.path.join(cases, "bom.txt")
    with open(bommed, "wb") as f:
        f.write(BOM + "caf\u00e9\r\n".encode() * 3)
    data = open(bommed, "rb").read()
    c.equal("BOM: --bom strip = tail -c +4 | iconv -c", fr.run(bommed, "charset_roundtrip", "--bom", "strip"),
            tool(["iconv", "-c", "-f", "CP1252", "-t", "UTF-8"], data[3:]))
    c.equal("BOM: dos2unix strips a UTF-8 BOM, crlf_to_lf keeps it", fr.run(bommed, "text_transfer", "--direction", "crlf_to_lf"),
            BOM + in_file(["dos2unix", "-f", "-q"], data, work))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fracture", default=os.path.join(ROOT, "target", "release", "fracture"))
    args = ap.parse_args()
    fixtures = make_fixtures.DEFAULT_OUT
    os.makedirs(fixtures, exist_ok=True)
    m = make_fixtures.Maker(fixtures)
    for group in (make_fixtures.images, make_fixtures.zips, make_fixtures.pdfs, make_fixtures.archives, make_fixtures.texts):
        group(m)
    # A CRLF text, as unix2dos leaves one: the other direction needs line endings to convert.
    m.tool("notes_crlf.txt", lambda p: (shutil.copyfile(os.path.join(fixtures, "notes_large.txt"), p),
                                        subprocess.run(["unix2dos", "-q", p], check=True)))
    if m.skipped:
        print("\n".join(m.skipped), file=sys.stderr)
        return 1
    c = Checks()
    with tempfile.TemporaryDirectory(prefix="fracture-damage-") as work:
        fr = Fracture(args.fracture, work)
        with Vsftpd(os.path.join(work, "ftp")) as ftp:
            for name, family in FIXTURES:
                path = os.path.join(fixtures, name)
                ftp.put_file(name, open(path, "rb").read())
                check_file(c, fr, ftp, path, name, family, work)
            check_edges(c, fr, ftp, work)
    for f in c.failed:
        print(f"FAILED {f}")
    for s in c.skipped:
        print(f"not compared: {s}")
    print(f"damage: {c.passed} checks passed, {len(c.failed)} failed, on {len(FIXTURES)} files of "
          f"{len({f for _, f in FIXTURES})} families and the edge cases")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())

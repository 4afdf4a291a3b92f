#!/usr/bin/env python3
"""Writes the structure map inputs (docs/contract.md, section 14.3) into inputs/: archives made by
Python's zipfile, tarfile and gzip with fixed times, a few edited by hand, a real jar, and small ELF
files. The inputs are committed; maps.json holds the map both engines must give for each
(engine-rs/core/src/structure/archive_tests.rs writes it with FRACTURE_UPDATE_STRUCTURE=1, and
lib/engine/reference/structure/archives.test.ts checks the TypeScript engine against it).

    python3 tests/golden/structure/make_inputs.py
"""

import gzip
import io
import os
import shutil
import struct
import subprocess
import tarfile
import tempfile
import zipfile
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inputs")
DATE = (2024, 1, 2, 3, 4, 6)
TEXT = b"The quick brown fox jumps over the lazy dog. " * 40


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def zip_bytes(members, comment=b"", stream=False, **kw):
    buf = io.BytesIO()

    class Unseekable(io.RawIOBase):
        def writable(self):
            return True

        def write(self, b):
            return buf.write(b)

    with zipfile.ZipFile(Unseekable() if stream else buf, "w", **kw) as z:
        z.comment = comment
        for name, data, method in members:
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = method
            if stream:
                with z.open(info, "w") as f:
                    f.write(data)
            else:
                z.writestr(info, data)
    return buf.getvalue()


def tar_bytes(fmt, members):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=fmt) as t:
        for name, data, kind, link in members:
            info = tarfile.TarInfo(name)
            info.mtime = 1700000000
            info.type = kind
            info.linkname = link
            info.size = len(data)
            t.addfile(info, io.BytesIO(data) if data else None)
    return buf.getvalue()


def elf32_be():
    """A big-endian 32-bit ELF: header, a .text and a .data section, the name table, the table."""
    names = b"\0.text\0.data\0.shstrtab\0"
    text, data = b"\x4e\x80\x00\x20" * 4, b"DATA" * 3
    body = text + data + names
    shoff = 52 + len(body)
    header = b"\x7fELF\x01\x02\x01" + bytes(9)
    header += struct.pack(">HHIIIIIHHHHHH", 2, 20, 1, 0, 0, shoff, 0, 52, 0, 0, 40, 4, 3)

    def sh(name, kind, off, size):
        return struct.pack(">IIIIIIIIII", name, kind, 0, 0, off, size, 0, 0, 1, 0)

    table = sh(0, 0, 0, 0) + sh(1, 1, 52, len(text)) + sh(7, 1, 52 + len(text), len(data))
    table += sh(13, 3, 52 + len(text) + len(data), len(names))
    return header + body + table


def main():
    os.makedirs(OUT, exist_ok=True)
    stored = zipfile.ZIP_STORED
    deflated = zipfile.ZIP_DEFLATED
    write("two-members.zip", zip_bytes([("a.txt", b"hello\n", stored), ("dir/b.txt", TEXT, deflated)], b"hi"))
    write("descriptor.zip", zip_bytes([("s.txt", b"streamed\n", stored), ("t.txt", TEXT, deflated)], stream=True))
    docx = [
        ("[Content_Types].xml", b'<?xml version="1.0"?><Types/>', deflated),
        ("word/document.xml", b"<w:document>" + TEXT + b"</w:document>", deflated),
        ("word/document.xml", b"<w:document>again</w:document>", deflated),
    ]
    write("docx-like.docx", zip_bytes(docx))
    # ZIP64 everywhere: end records and central fields saturated, values in the extra fields.
    limits = (zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT)
    zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = 1, 1
    try:
        write("zip64.zip", zip_bytes([("x.bin", bytes(range(256)), stored), ("y.txt", TEXT, deflated)]))
    finally:
        zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = limits
    # Names that are not UTF-8: a BOM, an encoded surrogate, a lone 0xFF, a cut sequence.
    raw = zip_bytes([("XXXXXXXX.txt", b"odd", stored), ("q]x/[y].txt", b"brackets", stored)])
    write("names.zip", raw.replace(b"XXXXXXXX", b"\xef\xbb\xbf\xed\xa0\x80\xff\xc3"))
    whole = open(os.path.join(OUT, "two-members.zip"), "rb").read()
    write("cut.zip", whole[: len(whole) // 2])
    jar = "/usr/share/java/atinject-jsr330-api-1.0.jar"
    if os.path.exists(jar) and not os.path.exists(os.path.join(OUT, "javax.inject-1.jar")):
        shutil.copy(jar, os.path.join(OUT, "javax.inject-1.jar"))

    long_name = "long/" + "n" * 150 + ".txt"
    links = [(long_name, TEXT, tarfile.REGTYPE, ""), ("link", b"", tarfile.SYMTYPE, "t" * 120), ("d", b"", tarfile.DIRTYPE, "")]
    write("gnu-long.tar", tar_bytes(tarfile.GNU_FORMAT, links))
    write("pax.tar", tar_bytes(tarfile.PAX_FORMAT, [(long_name, b"x" * 700, tarfile.REGTYPE, ""), ("caf\u00e9.txt", b"ok", tarfile.REGTYPE, "")]))
    write("ustar-prefix.tar", tar_bytes(tarfile.USTAR_FORMAT, [("p" * 120 + "/file.txt", TEXT, tarfile.REGTYPE, "")]))
    t = open(os.path.join(OUT, "gnu-long.tar"), "rb").read()
    write("cut.tar", t[:1700])

    one = io.BytesIO()
    with gzip.GzipFile("hello.txt", "wb", 9, one, mtime=0) as g:
        g.write(TEXT)
    write("one.gz", one.getvalue())
    write("multi.gz", gzip.compress(b"first\n", 6, mtime=0) + gzip.compress(TEXT, 0, mtime=0) + bytes(5))
    # Every optional header field: FEXTRA, FNAME, FCOMMENT and FHCRC, then a dynamic Huffman block.
    head = b"\x1f\x8b\x08\x1e" + bytes(4) + b"\x02\x03" + b"\x04\x00AB\x02\x00" + b"n.txt\0" + b"a comment\0"
    head += struct.pack("<H", zlib.crc32(head) & 0xFFFF)
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = c.compress(TEXT) + c.flush()
    write("flags.gz", head + body + struct.pack("<II", zlib.crc32(TEXT), len(TEXT)))
    g1 = one.getvalue()
    write("cut.gz", g1[: len(g1) - 30])

    write("be32.elf", elf32_be())
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "t.c")
        with open(src, "w") as f:
            f.write("void _start(void) { for (;;) {} }\nconst char message[] = \"fracture\";\n")
        out = os.path.join(tmp, "t")
        cmd = ["gcc", "-Os", "-nostdlib", "-static", "-Wl,--build-id=none", "-o", out, src]
        if shutil.which("gcc") and not os.path.exists(os.path.join(OUT, "tiny.elf")):
            subprocess.run(cmd, check=True)
            shutil.copy(out, os.path.join(OUT, "tiny.elf"))


if __name__ == "__main__":
    main()

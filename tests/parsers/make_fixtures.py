#!/usr/bin/env python3
"""Real files of every format family that a Debian tool can produce, for the parser tests.

Each fixture is made by the tool that real users' files come from (ImageMagick, ffmpeg, Python's
zipfile, qpdf, tar, gzip, bzip2, xz, 7z, GNU as and ld), so "won't open" is judged against bytes
that tool wrote, not bytes we imagined. Several sizes per family where cheap: chunk borders
(64 KiB) and resynchronisation only show up in files of some length.

Output: tests/.work/fixtures/<name>.<ext> (git-ignored). Idempotent: a fixture that exists is kept.
Run: python3 tests/parsers/make_fixtures.py [--out DIR]
"""

import argparse
import csv
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "tests", ".work", "fixtures")

# The real ImageMagick (/usr/local/bin/convert on the build machines is a fake).
CONVERT = "/usr/bin/convert"

# Families no Debian tool on the test machine can write (docs/contract.md, section 6.5.1).
NOT_PRODUCIBLE = {
    "rar": "RAR writers are non-free; Debian has none",
}

# A minimal Windows Installer package for wixl (msitools): one component, one file, cabinet embedded.
WXS = """<?xml version="1.0"?>
<Wix xmlns="http://schemas.microsoft.com/wix/2006/wi">
  <Product Id="*" Name="Fracture Fixture" Language="1033" Version="1.0.0" Manufacturer="Fracture"
           UpgradeCode="3f1d4c52-6a0e-4d8e-9a51-0c7c1d9e0a11">
    <Package InstallerVersion="200" Compressed="yes"/>
    <Media Id="1" Cabinet="data.cab" EmbedCab="yes"/>
    <Directory Id="TARGETDIR" Name="SourceDir">
      <Directory Id="ProgramFilesFolder">
        <Directory Id="INSTALLDIR" Name="Fixture">
          <Component Id="Main" Guid="3f1d4c52-6a0e-4d8e-9a51-0c7c1d9e0a12">
            <File Id="notes" Name="notes.txt" Source="notes.txt"/>
            <File Id="blob" Name="blob.bin" Source="blob.bin"/>
          </Component>
        </Directory>
      </Directory>
    </Directory>
    <Feature Id="Complete" Level="1"><ComponentRef Id="Main"/></Feature>
  </Product>
</Wix>
"""


def run(cmd, **kw):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kw)


def rng_bytes(seed, n):
    return random.Random(seed).randbytes(n)


def lorem(seed, n_words):
    words = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho "
             "sigma tau upsilon phi chi psi omega fracture corrupt seed chunk stream recipe").split()
    r = random.Random(seed)
    return " ".join(r.choice(words) for _ in range(n_words))


class Maker:
    def __init__(self, out):
        self.out = out
        self.made = []
        self.skipped = []

    def want(self, name):
        """Path for fixture `name`, or None if it already exists (idempotent runs)."""
        path = os.path.join(self.out, name)
        if os.path.exists(path) and os.path.getsize(path) > 0:
            return None
        return path

    def tool(self, name, make):
        path = self.want(name)
        if path is None:
            return
        tmp = path + ".part" + os.path.splitext(name)[1]
        try:
            make(tmp)
            os.replace(tmp, path)
            self.made.append(name)
        except (subprocess.CalledProcessError, FileNotFoundError, OSError) as e:
            err = getattr(e, "stderr", b"") or b""
            self.skipped.append(f"{name}: {e} {err.decode(errors='replace')[:300]}")
            if os.path.exists(tmp):
                os.remove(tmp)

    def data(self, name, payload):
        self.tool(name, lambda p: open(p, "wb").write(payload))


def images(m):
    # Small: a 16x16 gradient. Large: about 1 MB where the format allows (noise does not compress).
    small = ["-size", "16x16", "gradient:red-blue"]
    big = ["-size", "600x560", "plasma:fractal", "-seed", "7", "+noise", "Random"]
    for ext in ["png", "jpg", "gif", "bmp", "tiff", "webp"]:
        m.tool(f"image_small.{ext}", lambda p, ext=ext: run([CONVERT, *small, p]))
        extra = ["-quality", "97"] if ext in ("jpg", "webp") else []
        m.tool(f"image_large.{ext}", lambda p, ext=ext, extra=extra: run([CONVERT, "-seed", "7", *big, *extra, p]))
    m.tool("image_small.jpeg", lambda p: run([CONVERT, *small, "-quality", "90", p]))
    # The smallest files the formats allow: every byte is structure.
    m.tool("image_1px.png", lambda p: run([CONVERT, "-size", "1x1", "xc:black", p]))
    m.tool("image_1px.gif", lambda p: run([CONVERT, "-size", "1x1", "xc:black", p]))
    # Progressive JPEG: many scans, each with its own markers to resynchronise on.
    m.tool("image_progressive.jpg", lambda p: run([CONVERT, "-seed", "3", "-size", "300x200", "plasma:", "-interlace", "Plane", p]))
    m.tool("image_anim.gif", lambda p: run([CONVERT, "-size", "40x40", "xc:red", "xc:green", "xc:blue", "-loop", "0", p]))
    # Icons: several sizes; 256 px entries are stored as PNG inside the ICO, the small ones as BMP.
    m.tool("icon_multi.ico", lambda p: run([CONVERT, "-seed", "5", "-size", "256x256", "plasma:", "-define", "icon:auto-resize=256,48,32,16", p]))
    m.tool("icon_small.ico", lambda p: run([CONVERT, "-size", "16x16", "gradient:white-black", p]))
    m.tool("image_small_lossless.webp", lambda p: run([CONVERT, *small, "-define", "webp:lossless=true", p]))
    # HEIC (ISO-BMFF items, HEVC): ImageMagick's libheif coder.
    m.tool("image_small.heic", lambda p: run([CONVERT, "-size", "64x48", "gradient:red-blue", p]))
    m.data("drawing_small.svg", (
        b'<?xml version="1.0" encoding="UTF-8"?>\n'
        b'<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">\n'
        b'  <rect x="4" y="4" width="56" height="56" fill="#336699"/>\n'
        b'  <circle cx="32" cy="32" r="20" fill="yellow" stroke="black" stroke-width="2"/>\n'
        b'</svg>\n'))
    shapes = [b'<?xml version="1.0" encoding="UTF-8"?>\n',
              b'<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">\n']
    r = random.Random(11)
    size = sum(len(s) for s in shapes)
    while size < 1_000_000:
        s = (f'  <rect x="{r.randrange(800)}" y="{r.randrange(800)}" width="{r.randrange(1, 60)}" '
             f'height="{r.randrange(1, 60)}" fill="#{r.randrange(1 << 24):06x}" opacity="0.{r.randrange(10)}"/>\n').encode()
        shapes.append(s)
        size += len(s)
    shapes.append(b"</svg>\n")
    m.data("drawing_large.svg", b"".join(shapes))


def media(m):
    ff = ["ffmpeg", "-nostdin", "-v", "error", "-y"]

    def av(seconds, size="320x240", rate=25):
        return ["-f", "lavfi", "-i", f"testsrc=size={size}:rate={rate}:duration={seconds}",
                "-f", "lavfi", "-i", f"sine=frequency=440:duration={seconds}"]

    def a(seconds):
        return ["-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=44100:duration={seconds}"]

    videos = {
        "mp4": ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
        "mov": ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
        "3gp": ["-c:v", "h263", "-c:a", "aac", "-ac", "1", "-ar", "8000", "-b:a", "16k"],
        "avi": ["-c:v", "mpeg4", "-c:a", "libmp3lame"],
        "mkv": ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "libvorbis"],
        "webm": ["-c:v", "libvpx", "-deadline", "realtime", "-b:v", "1M", "-c:a", "libopus"],
        "flv": ["-c:v", "flv", "-c:a", "libmp3lame", "-ar", "44100"],
    }
    for ext, codecs in videos.items():
        size = "176x144" if ext == "3gp" else "320x240"
        m.tool(f"video_small.{ext}", lambda p, c=codecs, s=size: run([*ff, *av(0.4, s), *c, "-shortest", p]))
        # About 1 MB: long enough for many chunks and many resynchronisation points.
        # Noise keeps the encoder from compressing the test pattern far below the asked bit rate.
        m.tool(f"video_large.{ext}", lambda p, c=codecs, s=size: run([*ff, *av(8, s), "-vf", "noise=alls=24:allf=t", *c, "-b:v", "1000k", "-shortest", p]))
    # Fragmented MP4: moof/mdat pairs instead of one moov with all samples.
    m.tool("video_fragmented.mp4", lambda p: run([*ff, *av(3), *videos["mp4"], "-movflags", "frag_keyframe+empty_moov", p]))
    # moov before mdat, as web-optimised files have it.
    m.tool("video_faststart.mp4", lambda p: run([*ff, *av(2), *videos["mp4"], "-movflags", "+faststart", p]))
    audios = {
        "m4a": ["-c:a", "aac"],
        "mp3": ["-c:a", "libmp3lame"],
        "wav": ["-c:a", "pcm_s16le"],
        "flac": ["-c:a", "flac"],
        "ogg": ["-c:a", "libvorbis"],
        "aac": ["-c:a", "aac", "-f", "adts"],
        "wma": ["-c:a", "wmav2"],
    }
    for ext, codecs in audios.items():
        m.tool(f"audio_small.{ext}", lambda p, c=codecs: run([*ff, *a(0.3), *c, p]))
        seconds = 12 if ext in ("wav", "flac") else 60
        m.tool(f"audio_large.{ext}", lambda p, c=codecs, s=seconds: run([*ff, *a(s), *c, p]))
    # Constant-bit-rate MP3 without an ID3 tag: it starts with a frame sync, nothing else.
    m.tool("audio_noid3.mp3", lambda p: run([*ff, *a(2), "-c:a", "libmp3lame", "-b:a", "128k", "-id3v2_version", "0", "-write_xing", "0", p]))
    m.tool("audio_opus.ogg", lambda p: run([*ff, *a(3), "-c:a", "libopus", p]))


def zips(m):
    def write_zip(path, members, compression=zipfile.ZIP_DEFLATED):
        with zipfile.ZipFile(path, "w", compression) as z:
            for name, payload, *how in members:
                z.writestr(name, payload, compress_type=how[0] if how else compression)

    m.tool("archive_empty.zip", lambda p: write_zip(p, []))  # 22 bytes: only the end record
    m.tool("archive_small.zip", lambda p: write_zip(p, [("readme.txt", lorem(1, 50)), ("data/values.csv", "a,b\n1,2\n")]))
    m.tool("archive_large.zip", lambda p: write_zip(p, [
        ("notes.txt", lorem(2, 60000)),
        ("blob.bin", rng_bytes(3, 400_000), zipfile.ZIP_STORED),
        ("nested/archive.zip", _inner_zip(), zipfile.ZIP_STORED),
        ("more.txt", lorem(4, 20000)),
    ]))
    m.tool("archive_stored.zip", lambda p: write_zip(p, [("a.txt", lorem(5, 2000)), ("b.bin", rng_bytes(6, 200_000))], zipfile.ZIP_STORED))
    # ZIP64 central directory: forced by the large-file flag, so the ZIP64 records are present.
    def zip64(p):
        with zipfile.ZipFile(p, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as z:
            with z.open("big.txt", "w", force_zip64=True) as f:
                f.write(lorem(7, 5000).encode())
    m.tool("archive_zip64.zip", zip64)
    m.tool("document_small.docx", lambda p: write_zip(p, _docx_members(lorem(8, 40))))
    m.tool("document_large.docx", lambda p: write_zip(p, _docx_members(lorem(9, 150000)) + [("word/media/image1.bin", rng_bytes(10, 300_000), zipfile.ZIP_STORED)]))
    m.tool("sheet_small.xlsx", lambda p: write_zip(p, _xlsx_members()))
    m.tool("library_small.jar", lambda p: write_zip(p, [
        ("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\nCreated-By: fixtures\r\nMain-Class: demo.Main\r\n\r\n"),
        ("demo/Main.class", bytes.fromhex("cafebabe00000034") + rng_bytes(11, 600)),
    ]))
    # ODF: the `mimetype` member comes first and is stored, so the type is readable at offset 38.
    m.tool("document_small.odt", lambda p: write_zip(p, [
        ("mimetype", "application/vnd.oasis.opendocument.text", zipfile.ZIP_STORED),
        ("content.xml", '<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>'),
        ("META-INF/manifest.xml", '<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>'),
    ]))


def _inner_zip():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("inner.txt", lorem(12, 3000))
    return buf.getvalue()


def _docx_members(text):
    ct = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
          '<Default Extension="xml" ContentType="application/xml"/>'
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
          '</Types>')
    rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
            '</Relationships>')
    doc = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
           f'<w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:body></w:document>')
    return [("[Content_Types].xml", ct), ("_rels/.rels", rels), ("word/document.xml", doc)]


def _xlsx_members():
    ct = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
          '<Default Extension="xml" ContentType="application/xml"/>'
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
          '</Types>')
    rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
            '</Relationships>')
    wb = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
          '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>')
    wbrels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
              '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
              '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
              '</Relationships>')
    rows = "".join(f'<row r="{i}"><c r="A{i}"><v>{i * 7}</v></c><c r="B{i}"><v>{i * i}</v></c></row>' for i in range(1, 200))
    sheet = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             f'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{rows}</sheetData></worksheet>')
    return [("[Content_Types].xml", ct), ("_rels/.rels", rels), ("xl/workbook.xml", wb),
            ("xl/_rels/workbook.xml.rels", wbrels), ("xl/worksheets/sheet1.xml", sheet)]


def _raw_pdf(pages, filler=0):
    """A plain PDF with `pages` text pages (and `filler` bytes of a hex image per page), written by
    hand; qpdf then rewrites it, so the fixture is qpdf's output with a correct xref."""
    objs = {1: b"<< /Type /Catalog /Pages 2 0 R >>",
            3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
    kids = []
    num = 4
    for i in range(pages):
        content = f"BT /F1 18 Tf 72 720 Td (Fracture fixture page {i + 1}: {lorem(i, 8)}) Tj ET".encode()
        cnum, pnum = num, num + 1
        num += 2
        resources = b"<< /Font << /F1 3 0 R >> >>"
        objs[cnum] = b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"
        if filler:
            inum = num
            num += 1
            data = rng_bytes(100 + i, filler // 2).hex().encode() + b">"
            objs[inum] = (b"<< /Type /XObject /Subtype /Image /Width %d /Height 1 /ColorSpace /DeviceGray "
                          b"/BitsPerComponent 8 /Filter /ASCIIHexDecode /Length %d >>\nstream\n" % (filler // 2, len(data))
                          + data + b"\nendstream")
            resources = b"<< /Font << /F1 3 0 R >> /XObject << /Im1 %d 0 R >> >>" % inum
        objs[pnum] = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R /Resources %s >>" % (cnum, resources)
        kids.append(pnum)
    objs[2] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for k in sorted(objs):
        offsets[k] = len(out)
        out += b"%d 0 obj\n" % k + objs[k] + b"\nendobj\n"
    xref = len(out)
    size = max(objs) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for k in range(1, size):
        out += b"%010d 00000 n \n" % offsets[k]
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
    return bytes(out)


def pdfs(m):
    def via_qpdf(raw, *opts):
        def make(p):
            with tempfile.NamedTemporaryFile(suffix=".pdf", delete=False) as t:
                t.write(raw)
            try:
                run(["qpdf", *opts, t.name, p])
            finally:
                os.unlink(t.name)
        return make
    m.tool("document_small.pdf", via_qpdf(_raw_pdf(1)))
    m.tool("document_multi.pdf", via_qpdf(_raw_pdf(12)))
    # PDF 1.5: objects packed in compressed object streams and a cross-reference stream.
    m.tool("document_objstm.pdf", via_qpdf(_raw_pdf(30), "--object-streams=generate"))
    m.tool("document_large.pdf", via_qpdf(_raw_pdf(8, filler=120_000), "--compress-streams=n"))
    m.tool("document_linearized.pdf", via_qpdf(_raw_pdf(6), "--linearize"))


def archives(m):
    def from_dir(make_archive):
        def make(p):
            with tempfile.TemporaryDirectory() as d:
                src = os.path.join(d, "payload")
                os.mkdir(src)
                with open(os.path.join(src, "notes.txt"), "w") as f:
                    f.write(lorem(20, 30000))
                with open(os.path.join(src, "blob.bin"), "wb") as f:
                    f.write(rng_bytes(21, 600_000))
                with open(os.path.join(src, "small.txt"), "w") as f:
                    f.write("small file\n")
                make_archive(d, "payload", p)
        return make

    m.tool("archive_large.tar", from_dir(lambda d, n, p: run(["tar", "-C", d, "-cf", p, n])))
    m.tool("archive_small.tar", lambda p: _small_tar(p))
    m.tool("archive_pax.tar", lambda p: _small_tar(p, ["--format=pax"]))
    m.tool("archive_large.7z", from_dir(lambda d, n, p: run(["7z", "a", "-bd", "-y", p, os.path.join(d, n)])))
    m.tool("archive_small.7z", lambda p: _small_file_then(p, lambda src, out: run(["7z", "a", "-bd", "-y", out, src])))
    for ext, cmd in [("gz", ["gzip", "-c"]), ("bz2", ["bzip2", "-c"]), ("xz", ["xz", "-c"])]:
        m.tool(f"stream_small.{ext}", lambda p, cmd=cmd: _compress(cmd, lorem(30, 200).encode(), p))
        m.tool(f"stream_large.{ext}", lambda p, cmd=cmd: _compress(cmd, lorem(31, 40000).encode() + rng_bytes(32, 700_000), p))
    for ext, cmd in [("gz", ["gzip", "-c"]), ("bz2", ["bzip2", "-c"]), ("xz", ["xz", "-c"])]:
        m.tool(f"stream_empty.{ext}", lambda p, cmd=cmd: _compress(cmd, b"", p))
    # Multi-member streams: two compressed streams back to back, which every tool reads as one.
    m.tool("stream_multi.gz", lambda p: _concat([_compressed(["gzip", "-c"], lorem(33, 3000).encode()), _compressed(["gzip", "-c"], lorem(34, 3000).encode())], p))
    m.tool("stream_multi.bz2", lambda p: _concat([_compressed(["bzip2", "-c"], lorem(35, 3000).encode()), _compressed(["bzip2", "-c"], lorem(36, 3000).encode())], p))
    m.tool("stream_multi.xz", lambda p: _concat([_compressed(["xz", "-c"], lorem(37, 3000).encode()), _compressed(["xz", "-c"], lorem(38, 3000).encode())], p))
    # bzip2 with several 100 kB blocks (-1): block magics in the middle of the stream.
    m.tool("stream_blocks.bz2", lambda p: _compress(["bzip2", "-1", "-c"], lorem(39, 80000).encode(), p))
    m.tool("archive_small.tar.gz", lambda p: _small_tar(p, ["-z"]))


def installers(m):
    """msi (wixl, from msitools) and cab (gcab): Windows formats Debian's tools can write."""
    def payload(d, blob_size):
        with open(os.path.join(d, "notes.txt"), "w") as f:
            f.write(lorem(50, 4000))
        with open(os.path.join(d, "blob.bin"), "wb") as f:
            f.write(rng_bytes(51, blob_size))

    def msi(blob_size):
        def make(p):
            with tempfile.TemporaryDirectory() as d:
                payload(d, blob_size)
                with open(os.path.join(d, "fixture.wxs"), "w") as f:
                    f.write(WXS)
                run(["wixl", "-o", os.path.abspath(p), "fixture.wxs"], cwd=d)
        return make

    def cab(blob_size, compress):
        def make(p):
            with tempfile.TemporaryDirectory() as d:
                payload(d, blob_size)
                run(["gcab", "-c", *(["-z"] if compress else []), os.path.abspath(p), "notes.txt", "blob.bin"], cwd=d)
        return make

    m.tool("installer_small.msi", msi(2000))
    m.tool("installer_large.msi", msi(400_000))
    m.tool("cabinet_small.cab", cab(2000, False))
    m.tool("cabinet_large.cab", cab(400_000, True))


def _small_tar(p, opts=()):
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "hello.txt"), "w") as f:
            f.write("hello tar\n")
        with open(os.path.join(d, "second.txt"), "w") as f:
            f.write(lorem(40, 300))
        run(["tar", *opts, "-C", d, "-cf", p, "hello.txt", "second.txt"])


def _small_file_then(p, make):
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "hello.txt")
        with open(src, "w") as f:
            f.write(lorem(41, 100))
        make(src, p)


def _compressed(cmd, payload):
    return subprocess.run(cmd, input=payload, stdout=subprocess.PIPE, check=True).stdout


def _compress(cmd, payload, p):
    with open(p, "wb") as f:
        f.write(_compressed(cmd, payload))


def _concat(parts, p):
    with open(p, "wb") as f:
        for part in parts:
            f.write(part)


def texts(m):
    r = random.Random(50)
    rows = [["id", "name", "city", "amount", "note"]]
    for i in range(1, 20000):
        rows.append([str(i), f"name {i}", r.choice(["Oslo", "Lima", "Pune", "Kyiv"]), f"{r.random() * 1000:.2f}", lorem(i, 4)])
    for ext, delim in [("csv", ","), ("tsv", "\t")]:
        for label, count in [("small", 6), ("large", len(rows))]:
            buf = io.StringIO()
            w = csv.writer(buf, delimiter=delim, lineterminator="\n")
            w.writerows(rows[:count])
            m.data(f"table_{label}.{ext}", buf.getvalue().encode())
    # A quoted CSV: commas and newlines inside quotes, where a tolerant reader could resynchronise.
    m.data("table_quoted.csv", b'id,text\n1,"hello, world"\n2,"line one\nline two"\n3,"say ""hi"""\n')
    m.data("data_small.json", json.dumps({"name": "fixture", "values": [1, 2, 3], "nested": {"ok": True}}).encode())
    m.data("data_large.json", json.dumps([{"id": i, "text": lorem(i, 6), "tags": ["a", "b"]} for i in range(12000)], indent=1).encode())
    m.data("notes_small.txt", (lorem(60, 80) + "\n").encode())
    m.data("notes_utf8.txt", "Grüße, ½ € and 日本語 text.\n".encode() * 40)
    m.data("notes_large.txt", "\n".join(lorem(61 + i, 12) for i in range(14000)).encode())
    m.data("config_small.yaml", b"name: fixture\nitems:\n  - one\n  - two\nnested:\n  key: value\n")
    m.data("feed_small.xml", b'<?xml version="1.0"?>\n<feed><entry id="1">one</entry><entry id="2">two</entry></feed>\n')
    m.data("page_small.html", b"<!doctype html>\n<html><head><title>Fixture</title></head><body><p>Hello</p></body></html>\n")


PE_ASM = """
    .globl _start
    .text
_start:
    xor %eax, %eax
    ret
    .data
blob:
    .fill {fill}, 1, 0x5a
"""


def pe(m):
    """PE executables and DLLs from GNU as and ld (its i386pep emulation writes PE32+)."""
    def build(fill, dll):
        def make(p):
            with tempfile.TemporaryDirectory() as d:
                s, o = os.path.join(d, "a.s"), os.path.join(d, "a.o")
                with open(s, "w") as f:
                    f.write(PE_ASM.format(fill=fill))
                run(["as", "--64", "-o", o, s])
                run(["ld", "-m", "i386pep", *(["--dll"] if dll else []), "-e", "_start", "-o", p, o])
        return make
    m.tool("program_small.exe", build(16, False))
    m.tool("program_large.exe", build(1_000_000, False))
    m.tool("library_small.dll", build(64, True))
    # A PE that a real compiler and linker made for Windows, if one ships with Python's pip.
    launcher = _distlib_launcher()
    if launcher:
        m.tool("launcher_distlib.exe", lambda p: shutil.copyfile(launcher, p))


def _distlib_launcher():
    try:
        import pip._vendor.distlib as distlib  # type: ignore
    except ImportError:
        return None
    path = os.path.join(os.path.dirname(distlib.__file__), "t64.exe")
    return path if os.path.exists(path) else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    m = Maker(args.out)
    for group in (images, media, zips, pdfs, archives, installers, texts, pe):
        group(m)
    print(f"fixtures: {len(m.made)} made, {len(os.listdir(args.out))} present in {args.out}")
    for family, why in NOT_PRODUCIBLE.items():
        print(f"  no fixture for {family}: {why}")
    for s in m.skipped:
        print(f"  FAILED {s}", file=sys.stderr)
    return 1 if m.skipped else 0


if __name__ == "__main__":
    sys.exit(main())

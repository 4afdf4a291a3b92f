#!/usr/bin/env python3
"""Every `reject` held to a strict reader (docs/contract.md, section 14.2).

A report's `expect` is `reject` when a reader that checks what the format defines must refuse the
file. This module names, per structure-map family, a reader that checks it (STRICT), and the aimed
cases (AIMED): damage confined to one kind of region with the selectors of section 14.4
(`--only FORMAT:PATH`), one case per field kind that the rules mark `reject`. run.py calls
`check_reject` on every guaranteed_break output whose `expect_overall` is `reject`, and runs the
aimed cases through `aimed_jobs` / `judge_aimed`; `python3 tests/parsers/strict.py` runs only the
aimed cases.

A strict reader here refuses on any error or warning: an exit status other than 0 (pngcheck,
djpeg -strict, webpinfo and dwebp, unzip -t, gzip -t, flac -t, ogginfo, qpdf --check, gif2rgb), or
for GNU tar, any message on standard error too (a warning such as "Ignoring unknown extended header
keyword" is tar noticing the damage), and for Python's wave module, ffmpeg, readelf, mp4box.js and
libheif any message on standard error too (ffmpeg runs with -err_detect explode, so a decode error
is a message).
"""

import argparse
import concurrent.futures as cf
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(ROOT, "tests", ".work")
FIXTURES = os.path.join(WORK, "fixtures")
OUT = os.path.join(WORK, "strict")
CLI = os.path.join(ROOT, "target", "release", "fracture")
GOLDEN_INPUTS = os.path.join(ROOT, "tests", "golden", "structure", "inputs")
TIMEOUT = 120


def sh(cmd):
    return " ".join(shlex.quote(c) for c in cmd)


def _status(*cmds):
    """A reader of several commands: refused when any of them exits non-zero."""
    return lambda f: [[c if c != "FILE" else f for c in cmd] for cmd in cmds], lambda rc, err: rc == 0


def _quiet(*cmds):
    """A reader of several commands: refused when any of them exits non-zero or writes to stderr."""
    return lambda f: [[c if c != "FILE" else f for c in cmd] for cmd in cmds], lambda rc, err: rc == 0 and not err.strip()


def _tar(f):
    return [["tar", "-tf", f]]


# ffmpeg at its strictest: every error detection on (-err_detect explode), the first decode error
# ends the run (-xerror), every message at level error or above shown; each stream decoded to null.
FFMPEG = ["ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-err_detect", "explode", "-i", "FILE", "-xerror",
          "-f", "null", "-"]
# readelf at its strictest: its errors and warnings on stderr, and the values it marks corrupt in what it
# prints (a symbol's name outside its string table shows as <corrupt>, its section index as "bad section
# index"), copied to stderr so that they refuse too.
READELF = ["bash", "-c", 'out=$(readelf -a -W "$1") || exit $?; grep -E "<corrupt>|bad section index" <<<"$out" >&2; exit 0',
           "readelf", "FILE"]
# ISO-BMFF (MP4, MOV, 3GP, M4A): GPAC's parser, mp4box.js, reads the box tree and the movie
# (isobmff_judge.mjs says what it refuses), then ffmpeg decodes every stream. HEIF (HEIC): libheif,
# the reference reader, reads the items (heif-info) and decodes the primary image (heif-convert).
ISOBMFF_JUDGE = ["node", os.path.join(HERE, "isobmff_judge.mjs"), "FILE"]
def heif_decoded(f):
    """Where heif-convert writes the decoded image of `f`: a name of its own (judges run in parallel)."""
    os.makedirs(os.path.join(WORK, "heif-decoded"), exist_ok=True)
    tag = f"{os.path.basename(os.path.dirname(f))}_{os.path.basename(f)}"
    return os.path.join(WORK, "heif-decoded", f"{tag}.png")


def _isobmff(f):
    """The strict readers of an ISO-BMFF file: libheif's for a HEIF image (by its name), else mp4box.js
    and ffmpeg."""
    if f.lower().endswith((".heic", ".heif")):
        return [["heif-info", f], ["heif-convert", f, heif_decoded(f)]]
    return [[c if c != "FILE" else f for c in cmd] for cmd in (ISOBMFF_JUDGE, FFMPEG)]


# Python's wave module checks RIFF/WAVE, the fmt chunk and its length, and finds the data chunk.
WAVE = [sys.executable, "-c", "import sys, wave; w = wave.open(sys.argv[1]); w.readframes(w.getnframes())", "FILE"]


# Family (the prefix of the structure map's paths) -> (reader name, commands(file) -> [cmd...],
# accepted(rc, stderr) -> bool), or None with the reason there is no strict reader.
STRICT = {
    "png": ("pngcheck", *_status(["pngcheck", "-q", "FILE"])),
    "jpeg": ("djpeg -strict", *_status(["djpeg", "-strict", "-outfile", "/dev/null", "FILE"])),
    "gif": ("gif2rgb", *_status(["gif2rgb", "-1", "-o", "/dev/null", "FILE"])),
    "webp": ("webpinfo + dwebp", *_status(["webpinfo", "-quiet", "FILE"], ["dwebp", "-quiet", "FILE", "-o", "/dev/null"])),
    "zip": ("unzip -t", *_status(["unzip", "-tqq", "FILE"])),
    "tar": ("GNU tar -tf", _tar, lambda rc, err: rc == 0 and not err.strip()),
    "gzip": ("gzip -t", *_status(["gzip", "-t", "FILE"])),
    "flac": ("flac -t", *_status(["flac", "-t", "-s", "FILE"])),
    "ogg": ("ogginfo", *_status(["ogginfo", "-q", "FILE"])),
    "pdf": ("qpdf --check", *_status(["qpdf", "--check", "FILE"])),
    "wav": ("wave + ffmpeg -err_detect explode", *_quiet(WAVE, FFMPEG)),
    "avi": ("ffmpeg -err_detect explode", *_quiet(FFMPEG)),
    "isobmff": ("mp4box.js + ffmpeg, or libheif", _isobmff, lambda rc, err: rc == 0 and not err.strip()),
    "elf": ("readelf -a -W", *_quiet(READELF)),
}

# Why a family has no strict reader (docs/contract.md, section 14.2 says the same): none today.
NO_READER = {}


RIFF_SIZE = ("Python's wave module and ffmpeg do not check the RIFF form's size against the chunks it holds, which RIFF "
             "(Microsoft, Multimedia Programming Interface and Data Specifications 1.0, 1991, chapter 2) defines as their size")

# Known leniencies: a `reject` that the strict reader accepts, where every changed byte of the reject
# regions lies in one of these. Each is a reader lenient about something the specification requires
# (bits and bytes no reader checks inside a `layout` region are the rules' own business: section 14.2,
# "Unchecked spots"). docs/contract.md, section 14.2, lists the same. (family, region path pattern,
# lenient(offset in region, byte before, byte after) -> bool, reason)
KNOWN = [
    ("gif", r"gif:header$", lambda rel, b, a: rel >= 3,
     "giflib checks the signature GIF but not the version 87a or 89a (GIF89a, section 17, defines only those two)"),
    ("zip", r"zip:member\[.*\]/descriptor$", lambda rel, b, a: True,
     "unzip, like every reader that works from the central directory, never reads a data descriptor; streaming readers (Java's ZipInputStream) check it (APPNOTE 4.3.9)"),
    ("flac", r"flac:STREAMINFO/header$", lambda rel, b, a: rel == 0 and (b ^ a) & 0x80 == 0,
     "libFLAC skips a first block of another type and decodes the frames without STREAMINFO, which RFC 9639 (section 8) requires first"),
    ("pdf", r"pdf:(startxref(#\d+)?/)?eof(#\d+)?$", lambda rel, b, a: True,
     "qpdf does not check the %%EOF marker that ISO 32000-1 (7.5.5) requires on the last line"),
    ("wav", r"wav:RIFF/size$", lambda rel, b, a: True, RIFF_SIZE),
    ("avi", r"avi:RIFF/size$", lambda rel, b, a: True, RIFF_SIZE),
    ("wav", r"wav:data/size$", lambda rel, b, a: True,
     "the wave module and ffmpeg read a data chunk whose size disagrees with the file: shorter, the rest is left "
     "unread (and the RIFF size, unchecked, disagrees); longer, read to the end of the file"),
    ("avi", r"avi:(LIST\[[^]/]*\](#\d+)?/)*[^/]+/size$", lambda rel, b, a: True,
     "ffmpeg's AVI demuxer does not check list and chunk sizes against their parent list (RIFF, Microsoft 1991, chapter 2; "
     "OpenDML AVI 1.02): it reads the hdrl chunks until LIST movi and finds each frame through the idx1 index"),
    ("avi", r"avi:LIST\[movi\]/[^/]+/id$", lambda rel, b, a: True,
     "ffmpeg's AVI demuxer finds each frame through the idx1 index and does not check the id of the chunk it reads there"),
    ("elf", r"elf:program_headers$", lambda rel, b, a: True,
     "readelf prints program headers without checking them against the file or each other (p_offset + p_filesz past "
     "the end, p_filesz > p_memsz for PT_LOAD, which the gABI, Program Header, forbids)"),
]


def known_leniency(report, source, target):
    """The reason when every changed byte of the report's `reject` regions lies in a KNOWN spot
    (same-length outputs only), else None."""
    import re

    family = family_of(report)
    rules = [(re.compile(pat), ok, why) for fam, pat, ok, why in KNOWN if fam == family]
    if not rules:
        return None
    with open(source, "rb") as f:
        before = f.read()
    with open(target, "rb") as f:
        after = f.read()
    if len(before) != len(after):
        return None
    rejects = {h["path"] for h in report["hits"] if h["expect"] == "reject"}
    reasons = []
    for region in report["structure"]:
        if region["path"] not in rejects:
            continue
        start, end = region["start"], region["end"]
        for at in range(start, end):
            if before[at] == after[at]:
                continue
            why = next((w for pat, ok, w in rules if pat.match(region["path"]) and ok(at - start, before[at], after[at])), None)
            if why is None:
                return None
            if why not in reasons:
                reasons.append(why)
    return "; ".join(reasons) or None


# Aimed cases: (fixture, selector, mode, intensity). Each selector is one field kind that the rules
# of section 14.2 mark `reject` (magic, layout, checksum, checked bytes with no checksum fixed).
AIMED = [
    ("image_small.png", "png:signature"),
    ("image_small.png", "png:IHDR/length"),
    ("image_small.png", "png:IHDR/type"),
    ("image_small.png", "png:IHDR/data"),
    ("image_small.png", "png:IHDR/crc"),
    ("image_large.png", "png:IDAT#0/data"),
    ("image_large.png", "png:IDAT/crc"),
    ("image_small.png", "png:IEND/type"),
    ("image_small.png", "png:IEND/crc"),
    ("image_small.jpg", "jpeg:SOI"),
    ("image_small.jpg", "jpeg:EOI"),
    ("image_small.jpg", "jpeg:DQT/marker"),
    ("image_small.jpg", "jpeg:DQT/length"),
    ("image_small.jpg", "jpeg:SOF0/marker"),
    ("image_small.jpg", "jpeg:SOF0/length"),
    ("image_small.jpg", "jpeg:DHT/length"),
    ("image_small.jpg", "jpeg:SOS/marker"),
    ("image_progressive.jpg", "jpeg:SOS/length"),
    ("image_small.gif", "gif:header"),
    ("image_small.gif", "gif:logical_screen/flags"),
    ("image_small.gif", "gif:image/separator"),
    ("image_small.gif", "gif:image/size"),
    ("image_small.gif", "gif:image/flags"),
    ("image_small.gif", "gif:image/lzw_min"),
    ("image_anim.gif", "gif:*/introducer"),
    ("image_small.gif", "gif:trailer"),
    ("image_small.webp", "webp:RIFF/id"),
    ("image_small.webp", "webp:RIFF/size"),
    ("image_small.webp", "webp:RIFF/form"),
    ("image_small.webp", "webp:*/id"),
    ("image_small.webp", "webp:*/size"),
    ("archive_small.zip", "zip:member[readme.txt]/local_header"),
    ("archive_small.zip", "zip:member[readme.txt]/data"),
    ("archive_stored.zip", "zip:member[b.bin]/data"),
    ("archive_small.zip", "zip:central[data/values.csv]"),
    ("archive_small.zip", "zip:eocd"),
    ("archive_zip64.zip", "zip:member[big.txt]/local_header"),
    ("golden:zip64.zip", "zip:zip64_eocd"),
    ("golden:zip64.zip", "zip:zip64_locator"),
    ("golden:zip64.zip", "zip:central[x.bin]"),
    ("golden:descriptor.zip", "zip:member[t.txt]/descriptor"),
    ("document_small.docx", "zip:member[word/document.xml]/data"),
    ("archive_small.tar", "tar:*/header"),
    ("archive_pax.tar", "tar:pax*/header"),
    ("archive_pax.tar", "tar:pax*/data"),
    ("archive_small.tar", "tar:end"),
    ("stream_small.gz", "gzip:member/magic"),
    ("stream_small.gz", "gzip:member/header"),
    ("stream_small.gz", "gzip:member/deflate"),
    ("stream_small.gz", "gzip:member/crc32"),
    ("stream_small.gz", "gzip:member/isize"),
    ("stream_multi.gz", "gzip:member#1/crc32"),
    ("golden:flags.gz", "gzip:member/header_crc"),
    ("golden:flags.gz", "gzip:member/info"),
    ("golden:flags.gz", "gzip:member/name"),
    ("audio_small.flac", "flac:fLaC"),
    ("audio_small.flac", "flac:STREAMINFO/header"),
    ("audio_small.flac", "flac:frame#0/header"),
    ("audio_small.flac", "flac:frame#1/crc8"),
    ("audio_small.flac", "flac:frame#2/body"),
    ("audio_small.flac", "flac:frame/crc16"),
    ("audio_small.ogg", "ogg:page#0/capture"),
    ("audio_small.ogg", "ogg:page#1/header"),
    ("audio_small.ogg", "ogg:page#2/crc"),
    ("audio_small.ogg", "ogg:page#1/segment_table"),
    ("audio_small.ogg", "ogg:page#2/body"),
    ("document_small.pdf", "pdf:header"),
    ("document_small.pdf", "pdf:object[1 0]/header"),
    ("document_small.pdf", "pdf:object[2 0]/end"),
    ("document_small.pdf", "pdf:xref"),
    ("document_small.pdf", "pdf:trailer"),
    ("document_small.pdf", "pdf:startxref/keyword"),
    ("document_small.pdf", "pdf:startxref/offset"),
    ("document_small.pdf", "pdf:startxref/eof"),
    ("audio_small.wav", "wav:RIFF/id"),
    ("audio_small.wav", "wav:RIFF/size"),
    ("audio_small.wav", "wav:RIFF/form"),
    ("audio_small.wav", "wav:fmt/id"),
    ("audio_small.wav", "wav:fmt/size"),
    ("audio_small.wav", "wav:LIST[INFO]/size"),
    ("audio_small.wav", "wav:LIST[INFO]/type"),
    ("audio_small.wav", "wav:LIST[INFO]/ISFT/size"),
    ("audio_small.wav", "wav:data/id"),
    ("audio_small.wav", "wav:data/size"),
    ("video_small.avi", "avi:RIFF/id"),
    ("video_small.avi", "avi:RIFF/size"),
    ("video_small.avi", "avi:RIFF/form"),
    ("video_small.avi", "avi:LIST[hdrl]/size"),
    ("video_small.avi", "avi:LIST[hdrl]/LIST[strl]#0/strh/size"),
    ("video_small.avi", "avi:JUNK/size"),
    ("video_small.avi", "avi:LIST[movi]/id"),
    ("video_small.avi", "avi:LIST[movi]/size"),
    ("video_small.avi", "avi:LIST[movi]/type"),
    ("video_small.avi", "avi:LIST[movi]/00dc/size"),
    ("video_small.avi", "avi:LIST[movi]/01wb/id"),
    ("video_small.avi", "avi:idx1/id"),
    ("video_small.avi", "avi:idx1/size"),
    ("video_small.mp4", "isobmff:ftyp/size"),
    ("video_small.mp4", "isobmff:ftyp/type"),
    ("video_small.mp4", "isobmff:mdat/size"),
    ("video_small.mp4", "isobmff:mdat/type"),
    ("video_small.mp4", "isobmff:moov/size"),
    ("video_small.mp4", "isobmff:moov/type"),
    ("video_small.mp4", "isobmff:moov/mvhd/size"),
    ("video_small.mp4", "isobmff:moov/trak/tkhd/type"),
    ("video_small.mp4", "isobmff:moov/trak/mdia/minf/stbl/stsz/size"),
    ("video_small.mov", "isobmff:moov/trak/mdia/minf/hdlr/type"),
    ("video_fragmented.mp4", "isobmff:moof/size"),
    ("video_fragmented.mp4", "isobmff:moof/traf/tfhd/type"),
    ("image_small.heic", "isobmff:ftyp/type"),
    ("image_small.heic", "isobmff:meta/size"),
    ("image_small.heic", "isobmff:meta/type"),
    ("image_small.heic", "isobmff:meta/iloc/type"),
    ("image_small.heic", "isobmff:meta/iprp/ipco/size"),
    ("golden:tiny.elf", "elf:header/ident"),
    ("golden:tiny.elf", "elf:header/fields"),
    ("golden:tiny.elf", "elf:program_headers"),
    ("golden:tiny.elf", "elf:section_headers"),
    ("golden:tiny.elf", "elf:section[.symtab]"),
    ("golden:tiny.elf", "elf:section[.strtab]"),
    ("golden:tiny.elf", "elf:section[.shstrtab]"),
    ("golden:be32.elf", "elf:header/fields"),
]
# Each aimed case runs with these (mode, intensity, seed): a few bytes, many bytes, one bit.
AIMED_RUNS = [("byte_flip", 30, 0), ("byte_flip", 100, 7), ("bit_rot", 1, 3)]
# Regions inside the header that byte_flip keeps (section 6.2): bit_rot only, three seeds.
HEADER_RUNS = [("bit_rot", 1, 3), ("bit_rot", 1, 8), ("bit_rot", 30, 1)]
IN_HEADER = {"flac:fLaC", "flac:STREAMINFO/header", "ogg:page#0/capture", "elf:header/ident", "isobmff:ftyp/size",
             "isobmff:ftyp/type", "isobmff:mdat/size", "isobmff:mdat/type", "avi:RIFF/id", "avi:RIFF/size",
             "avi:RIFF/form", "avi:LIST[hdrl]/size", "avi:LIST[hdrl]/LIST[strl]#0/strh/size",
             *(sel for fx, sel in AIMED if sel.startswith("wav:"))}


def call(cmd):
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {TIMEOUT} s"


def family_of(report):
    """The structure map's family: the prefix of its first region's path (a docx is `zip`)."""
    structure = report.get("structure") or []
    return structure[0]["path"].split(":", 1)[0] if structure else None


def strict_accepts(family, path):
    """(accepted, detail, commands): the family's strict reader on the file; accepted None when the
    family has no strict reader (or a command timed out)."""
    reader = STRICT.get(family)
    if reader is None:
        return None, NO_READER.get(family, "no strict reader for this family"), []
    name, commands, accepted = reader
    cmds = commands(path)
    for cmd in cmds:
        rc, out, err = call(cmd)
        if rc is None:
            return None, f"{name}: timed out", [sh(c) for c in cmds]
        if not accepted(rc, err):
            line = next((x.strip() for x in (err + out).splitlines() if x.strip()), "")
            return False, f"{name} rc={rc} {line.replace(path, 'FILE')[:100]}", [sh(c) for c in cmds]
    return True, f"{name} accepted", [sh(c) for c in cmds]


def check_reject(report, source, path):
    """For one output and its report: None when nothing is to be judged (expect_overall is not
    `reject`, or the family has no strict reader), else (verdict, detail, commands): verdict
    "refused", "known" (accepted, every change in a KNOWN spot) or "ACCEPTED" (a bug in the rule or
    the map), or "TIMEOUT"."""
    if report.get("expect_overall") != "reject":
        return None
    family = family_of(report)
    accepted, detail, cmds = strict_accepts(family, path)
    if accepted is None and not cmds:
        return None
    rejects = [h["path"] for h in report.get("hits", []) if h["expect"] == "reject"]
    detail = f"{detail}; reject hits: {', '.join(rejects[:4])}{' ...' if len(rejects) > 4 else ''}"
    if accepted is None:
        return "TIMEOUT", detail, cmds
    if accepted is False:
        return "refused", detail, cmds
    why = known_leniency(report, source, path)
    if why:
        return "known", f"{detail}; known: {why}", cmds
    return "ACCEPTED", detail, cmds


def selector_matches(selector, path):
    """Whether a region path lies under the selector (docs/contract.md, 14.4), for the check that
    every hit is inside the aimed regions."""
    import fnmatch

    def segments(p):
        out, depth, cur = [], 0, ""
        for ch in p:
            if ch == "[":
                depth += 1
            elif ch == "]" and depth:
                depth -= 1
            if ch == "/" and depth == 0:
                out.append(cur)
                cur = ""
            else:
                cur += ch
        return out + [cur]

    sf, sp = selector.split(":", 1)
    rf, rp = path.split(":", 1)
    if sf != rf:
        return False
    ss, rs = segments(sp), segments(rp)
    if len(rs) < len(ss):
        return False
    for a, b in zip(ss, rs):
        pat = a.replace("[", "[[]").replace("?", "[?]") if "*" in a else None
        if pat is not None and fnmatch.fnmatchcase(b, pat):
            continue
        if a == b:
            continue
        base = b.rsplit("#", 1)[0] if "#" in b and b.rsplit("#", 1)[1].isdigit() else b
        if "#" not in a and (a == base or (pat is not None and fnmatch.fnmatchcase(base, pat))):
            continue
        return False
    return True


def aimed_jobs(pool, fixtures_dir, tool):
    """Submits every aimed run; returns [(fixture, selector, mode, intensity, seed, target, cmd, future)]."""
    jobs = []
    for fx, sel in AIMED:
        # `golden:NAME`: a file of tests/golden/structure/inputs (ZIP64 end records, data
        # descriptors and every gzip header field, which no fixture of make_fixtures.py has).
        src = os.path.join(GOLDEN_INPUTS, fx[7:]) if fx.startswith("golden:") else os.path.join(fixtures_dir, fx)
        for mode, intensity, seed in (HEADER_RUNS if sel in IN_HEADER else AIMED_RUNS):
            tag = f"{fx}_{sel}_{mode}_{intensity}_{seed}".replace("/", "_").replace(":", "_").replace("*", "x")
            tag = "".join(c if c.isalnum() or c in "._-" else "_" for c in tag)
            out_dir = os.path.join(OUT, tag)
            cmd = [tool, "--mode", mode, "--intensity", str(intensity), "--seed", str(seed), f"--only={sel}",
                   "--json", "--quiet", "--out", out_dir, src]
            jobs.append((fx, sel, mode, intensity, seed, src, out_dir, cmd, pool.submit(call, cmd)))
    return jobs


def judge_aimed(jobs):
    """(rows, failures, counts): one row per aimed run; failures name the case and how to reproduce it."""
    rows, failures = [], []
    counts = {"judged": 0, "refused": 0, "known": 0, "not_reject": 0, "no_reader": 0}
    for fx, sel, mode, intensity, seed, src, out_dir, cmd, fut in jobs:
        rc, out, err = fut.result()
        base, ext = os.path.splitext(os.path.basename(src))
        target = os.path.join(out_dir, f"{base}_corrupted{ext}")
        label = f"{fx} --only {sel} {mode} i{intensity} s{seed}"
        if rc != 0 or not os.path.exists(target):
            failures.append(f"AIMED RUN FAILED {label}: rc={rc} {err.strip()[:200]}. Reproduce: {sh(cmd)}")
            continue
        report = json.loads(out.strip().splitlines()[-1])
        outside = [h["path"] for h in report["hits"] if not selector_matches(sel, h["path"])]
        if outside:
            failures.append(f"AIMED OUTSIDE {label}: hits outside the selector: {outside}. Reproduce: {sh(cmd)}")
        if report["expect_overall"] != "reject":
            counts["not_reject"] += 1
            rows.append((label, report["expect_overall"], "", "not judged (no reject)"))
            continue
        verdict = check_reject(report, src, target)
        if verdict is None:
            counts["no_reader"] += 1
            rows.append((label, "reject", "", "not judged (" + NO_READER.get(family_of(report), "no reader") + ")"))
            continue
        v, detail, pcmds = verdict
        counts["judged"] += 1
        counts["refused"] += v == "refused"
        counts["known"] += v == "known"
        rows.append((label, "reject", v, detail))
        if v not in ("refused", "known"):
            failures.append(f"STRICT READER {v} A REJECT {label}: {detail}. Reproduce: {sh(cmd)} && {' && '.join(pcmds)}")
    return rows, failures, counts


def summary_line(counts):
    return (f"aimed runs: {counts['judged']} rejects judged by a strict reader: {counts['refused']} refused, "
            f"{counts['known']} accepted where a known leniency explains it; {counts['not_reject']} runs without a "
            f"reject, {counts['no_reader']} without a strict reader")


def print_rows(rows):
    for label, expect, verdict, detail in rows:
        print(f"  {label:70} {expect:10} {verdict:9} {detail}")


def main():
    ap = argparse.ArgumentParser(description="aimed damage judged by strict readers")
    ap.add_argument("--only", help="only aimed cases whose fixture or selector contains this")
    ap.add_argument("--jobs", type=int, default=2 * (os.cpu_count() or 2))
    args = ap.parse_args()
    subprocess.run([sys.executable, os.path.join(HERE, "make_fixtures.py")], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "fracture"], cwd=ROOT, check=True)
    global AIMED
    if args.only:
        AIMED = [a for a in AIMED if args.only in a[0] or args.only in a[1]]
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows, failures, counts = judge_aimed(aimed_jobs(pool, FIXTURES, CLI))
    print_rows(rows)
    print(summary_line(counts))
    for f in failures:
        print("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

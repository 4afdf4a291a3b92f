#!/usr/bin/env python3
"""guaranteed_break against real parsers (docs/contract.md, section 6.5.1).

For every fixture (tests/parsers/make_fixtures.py makes them with real tools):
  1. every parser that docs/contract.md (section 6.5.1) lists for its family must ACCEPT the
     original, or the test could not fail;
  2. the fixture is corrupted with guaranteed_break at each intensity and seed by the native CLI
     (target/release/fracture, rebuilt first if the engine changed);
  3. EVERY listed parser must REJECT every output.
  4. Every output whose report says `expect_overall: reject` goes to the family's STRICT reader
     (strict.py, docs/contract.md section 14.2), which must refuse it; and the aimed cases of
     strict.py (damage confined by `--only FORMAT:PATH` to one field kind that the rules mark
     `reject`) are run and judged the same way. A strict reader that accepts a `reject` fails the
     run, unless every changed byte lies where strict.py's KNOWN leniencies say a reader cannot see it.
It prints one row per case, a summary of which parsers rejected at which intensities, and exits
non-zero on any failure, naming the case and the commands that reproduce it.

Run: python3 tests/parsers/run.py [--only SUBSTRING] [--jobs N] [--intensities 1,50,100]
     [--seeds 0,7,2147483646] [--strict]
"""

import argparse
import concurrent.futures as cf
import json
import os
import shlex
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import strict  # noqa: E402  (tests/parsers/strict.py)

# The paths, the CLI and the timeout are strict.py's; this suite writes its outputs beside its own.
from strict import CLI, FIXTURES, HERE, ROOT, TIMEOUT, WORK, heif_decoded  # noqa: E402

OUT = os.path.join(WORK, "parsers")

# The real ImageMagick; /usr/local/bin may hold a fake `convert`.
IDENTIFY = "/usr/bin/identify"
CONVERT = "/usr/bin/convert"

PY = sys.executable


def py(code):
    """A Python check that exits 1 with the exception's one-line summary when the file is rejected."""
    body = "".join("    " + line + "\n" for line in code.splitlines())
    wrapped = ("import sys\ntry:\n" + body +
               "except Exception as e:\n    sys.exit(f'{type(e).__name__}: {str(e)[:200]}')\n")
    return [PY, "-c", wrapped]


# A parser: (name, command builder, accepted(returncode, stdout) -> bool). Exit codes follow each
# tool's manual: a warning still means the file was read (unzip 1, 7z 1, qpdf 3, gzip and xz 2).
ZIPFILE = ("zipfile", lambda f: py("import zipfile\nbad = zipfile.ZipFile(sys.argv[1]).testzip()\nif bad: sys.exit(f'bad member {bad}')") + [f], lambda rc, out: rc == 0)
UNZIP = ("unzip -t", lambda f: ["unzip", "-t", "-qq", f], lambda rc, out: rc in (0, 1))
SEVENZ = ("7z t", lambda f: ["7z", "t", "-bd", "-y", "-pfracture", f], lambda rc, out: rc in (0, 1))
PDFINFO = ("pdfinfo", lambda f: ["pdfinfo", f], lambda rc, out: rc == 0)
QPDF = ("qpdf --check", lambda f: ["qpdf", "--check", f], lambda rc, out: rc in (0, 3))
IDENT = ("identify", lambda f: [IDENTIFY, f], lambda rc, out: rc == 0)
CONV = ("convert null:", lambda f: [CONVERT, f, "null:"], lambda rc, out: rc == 0)
TAR = ("tar tf", lambda f: ["tar", "tf", f], lambda rc, out: rc == 0)
GZIP = ("gzip -t", lambda f: ["gzip", "-t", f], lambda rc, out: rc in (0, 2))
BZIP2 = ("bzip2 -t", lambda f: ["bzip2", "-t", f], lambda rc, out: rc == 0)
XZ = ("xz -t", lambda f: ["xz", "-t", f], lambda rc, out: rc in (0, 2))
# msi and cab: the readers Debian has (7-Zip opens both), as docs/contract.md lists them.
MSIINFO = ("msiinfo tables", lambda f: ["msiinfo", "tables", f], lambda rc, out: rc == 0)
GCAB = ("gcab -t", lambda f: ["gcab", "-t", f], lambda rc, out: rc == 0)
OBJDUMP = ("objdump -f", lambda f: ["objdump", "-f", f], lambda rc, out: rc == 0)
CSV = ("csv strict", lambda f: py(
    "import csv, sys\n"
    "delim = '\\t' if sys.argv[1].endswith('.tsv') else ','\n"
    "with open(sys.argv[1], newline='', encoding='utf-8', errors='strict') as fh:\n"
    "    for row in csv.reader(fh, delimiter=delim, strict=True): pass\n") + [f], lambda rc, out: rc == 0)
JSON = ("json.load", lambda f: py("import json, sys\njson.load(open(sys.argv[1], encoding='utf-8', errors='strict'))") + [f], lambda rc, out: rc == 0)
UTF8 = ("utf-8 strict", lambda f: py("import sys\nopen(sys.argv[1], 'rb').read().decode('utf-8', 'strict')") + [f], lambda rc, out: rc == 0)
# Audio and video: accepted only when ffprobe finds a stream AND ffmpeg decodes without failing.
FFMPEG = ("ffprobe/ffmpeg", None, None)
# Stand-in for SVG where ImageMagick has no SVG reader (no librsvg delegate installed).
XML = ("xml (stand-in)", lambda f: py("import sys, xml.dom.minidom\nxml.dom.minidom.parse(sys.argv[1])") + [f], lambda rc, out: rc == 0)

# HEIC: libheif decodes the primary image.
HEIF = ("heif-convert", lambda f: ["heif-convert", f, heif_decoded(f)], lambda rc, out: rc == 0)
IMAGES = [IDENT, CONV]
AV = [FFMPEG]
# Extension -> (family id the engine must report, parsers).
FAMILIES = {
    "zip": ("zip", [ZIPFILE, UNZIP, SEVENZ]), "docx": ("zip", [ZIPFILE, UNZIP, SEVENZ]),
    "xlsx": ("zip", [ZIPFILE, UNZIP, SEVENZ]), "jar": ("zip", [ZIPFILE, UNZIP, SEVENZ]),
    "odt": ("zip", [ZIPFILE, UNZIP, SEVENZ]),
    "pdf": ("pdf", [PDFINFO, QPDF]),
    "png": ("png", IMAGES), "jpg": ("jpeg", IMAGES), "jpeg": ("jpeg", IMAGES), "gif": ("gif", IMAGES),
    "bmp": ("bmp", IMAGES), "tiff": ("tiff", IMAGES), "webp": ("webp", IMAGES), "ico": ("ico", IMAGES),
    "svg": ("svg", IMAGES),
    "heic": ("isobmff", [HEIF]),
    "mp4": ("isobmff", AV), "mov": ("isobmff", AV), "m4a": ("isobmff", AV), "3gp": ("isobmff", AV),
    "avi": ("avi", AV), "mkv": ("matroska", AV), "webm": ("matroska", AV), "flv": ("flv", AV),
    "mp3": ("mp3", AV), "wav": ("wav", AV), "flac": ("flac", AV), "ogg": ("ogg", AV), "aac": ("aac", AV),
    "wma": ("wma", AV),
    "tar": ("tar", [TAR]), "gz": ("gzip", [GZIP]), "bz2": ("bzip2", [BZIP2]), "xz": ("xz", [XZ]),
    "7z": ("7z", [SEVENZ]),
    "exe": ("pe", [OBJDUMP]), "dll": ("pe", [OBJDUMP]),
    "msi": ("msi", [MSIINFO, SEVENZ]), "cab": ("cab", [GCAB, SEVENZ]),
    "csv": ("text", [CSV]), "tsv": ("text", [CSV]), "json": ("text", [JSON]),
    "txt": ("text", [UTF8]), "yaml": ("text", [UTF8]), "xml": ("text", [UTF8]), "html": ("text", [UTF8]),
}


def sh(cmd):
    return " ".join(shlex.quote(c) for c in cmd)


def call(cmd):
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {TIMEOUT} s"


def judge(parser, path):
    """(accepted, detail, commands) for one parser on one file."""
    name, build, accepted = parser
    if name == FFMPEG[0]:
        probe = ["ffprobe", "-v", "error", "-show_streams", path]
        decode = ["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "null", "-"]
        rc1, out1, err1 = call(probe)
        streams = out1.count("[STREAM]")
        rc2, _, err2 = call(decode)
        if rc1 is None or rc2 is None:
            return None, "timeout", [sh(probe), sh(decode)]
        ok = streams > 0 and rc2 == 0
        return ok, f"streams={streams} ffmpeg rc={rc2} {first_line(err2, path)}", [sh(probe), sh(decode)]
    cmd = build(path)
    rc, out, err = call(cmd)
    if rc is None:
        return None, "timeout", [sh(cmd)]
    return accepted(rc, out), f"rc={rc} {first_line(err or out, path)}", [sh(cmd)]


def first_line(text, path=None):
    """The first informative line of a tool's output, the file's path shortened to FILE."""
    for line in text.splitlines():
        line = line.strip()
        if path:
            line = line.replace(path, "FILE")
        # 7z and unzip name the file on a line of its own and give the reason on the next.
        if line and line not in ("FILE", "ERROR: FILE", "[FILE]"):
            return line[:110]
    return ""


def corrupter():
    """The native CLI, rebuilt when the engine changed (a no-op otherwise), so the verdicts are about
    the engine in the tree; it writes DIR/{base}_corrupted{.ext} and, with --json, prints one report
    per line."""
    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "fracture"], cwd=ROOT, check=True)
    return CLI


def main():
    ap = argparse.ArgumentParser(description="guaranteed_break judged by real parsers")
    ap.add_argument("--only", help="only fixtures whose name contains this")
    ap.add_argument("--jobs", type=int, default=2 * (os.cpu_count() or 2), help="parallel parser runs (they mostly wait on process start and I/O)")
    ap.add_argument("--intensities", default="1,50,100")
    ap.add_argument("--seeds", default="0,7,2147483646")
    ap.add_argument("--strict", action="store_true", help="also fail when a listed parser cannot read valid files of a family on this machine")
    ap.add_argument("--fixtures", help="judge the files in this directory instead of the generated fixtures (e.g. real files copied from elsewhere)")
    ap.add_argument("--skip-unreadable", action="store_true", help="skip files that a listed parser rejects before corruption, instead of failing (for files of unknown health)")
    args = ap.parse_args()
    intensities = [int(x) for x in args.intensities.split(",")]
    seeds = [int(x) for x in args.seeds.split(",")]
    started = time.time()

    fixtures_dir = args.fixtures or FIXTURES
    if not args.fixtures:
        subprocess.run([PY, os.path.join(HERE, "make_fixtures.py")], check=True)
    tool = corrupter()
    print(f"corrupting with {os.path.relpath(tool, ROOT)}")

    fixtures = sorted(f for f in os.listdir(fixtures_dir) if ".part" not in f and os.path.splitext(f)[1][1:].lower() in FAMILIES)
    if args.only:
        fixtures = [f for f in fixtures if args.only in f]

    failures = []
    not_judged = []
    pool = cf.ThreadPoolExecutor(max_workers=args.jobs)

    # 1. Every listed parser must accept the original.
    plan = {}
    originals = {}
    for fx in fixtures:
        ext = os.path.splitext(fx)[1][1:].lower()
        family, parsers = FAMILIES[ext]
        for p in parsers:
            originals[(fx, p[0])] = pool.submit(judge, p, os.path.join(fixtures_dir, fx))
        plan[fx] = (family, parsers)
    for fx, (family, parsers) in plan.items():
        usable = []
        for p in parsers:
            ok, detail, cmds = originals[(fx, p[0])].result()
            if ok:
                usable.append(p)
            elif family == "svg" and p in IMAGES:
                not_judged.append(f"{fx}: {p[0]} cannot read the valid original ({detail}); ImageMagick needs its SVG coder "
                                  "(Debian package libmagickcore-6.q16-6-extra, or librsvg2-bin for the rsvg-convert delegate)")
            elif args.skip_unreadable:
                not_judged.append(f"{fx}: skipped, {p[0]} rejects the original ({detail})")
                usable = None
                break
            else:
                failures.append(f"ORIGINAL REJECTED {fx} by {p[0]} ({detail}); the test could not fail. Reproduce: {' ; '.join(cmds)}")
        if usable is None:
            plan[fx] = (family, None)
            continue
        if family == "svg" and not usable:
            xml_ok, detail, cmds = judge(XML, os.path.join(fixtures_dir, fx))
            if xml_ok:
                usable.append(XML)
        plan[fx] = (family, usable)

    fixtures = [fx for fx in fixtures if plan[fx][1] is not None]

    # 2. Corrupt every fixture at every intensity and seed.
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    jobs = []
    for fx in fixtures:
        for i in intensities:
            for s in seeds:
                out_dir = os.path.join(OUT, f"i{i}_s{s}")
                cmd = [tool, "--mode", "guaranteed_break", "--intensity", str(i), "--seed", str(s), "--json", "--out", out_dir, os.path.join(fixtures_dir, fx)]
                jobs.append((fx, i, s, out_dir, cmd, pool.submit(call, cmd)))
    cases = []
    for fx, i, s, out_dir, cmd, fut in jobs:
        rc, out, err = fut.result()
        base, ext = os.path.splitext(fx)
        target = os.path.join(out_dir, f"{base}_corrupted{ext}")
        if rc != 0 or not os.path.exists(target):
            failures.append(f"CORRUPT FAILED {fx} intensity {i} seed {s}: rc={rc} {first_line(err)}. Reproduce: {sh(cmd)}")
            continue
        report = json.loads(out.strip().splitlines()[-1])
        family = plan[fx][0]
        if report.get("format") != family and (i, s) == (intensities[0], seeds[0]):
            # A foreign file may well be another format than its name says (a PNG named .ico).
            (not_judged if args.fixtures else failures).append(
                f"WRONG FAMILY {fx}: engine reported format {report.get('format')!r}, expected {family!r}. Reproduce: {sh(cmd)}")
        elif not report.get("strategy", "").startswith(report.get("format", "?") + "_"):
            # Every family has a recipe of its own, named <family>_<what>; generic here means a gap.
            failures.append(f"WRONG STRATEGY {fx}: {report.get('strategy')!r} for format {report.get('format')!r}. Reproduce: {sh(cmd)}")
        cases.append((fx, i, s, os.path.join(fixtures_dir, fx), target, cmd, report))

    # 3. Every listed parser must reject every output.
    verdicts = []
    for fx, i, s, source, target, cmd, report in cases:
        family, parsers = plan[fx]
        for p in parsers:
            verdicts.append((fx, i, s, target, cmd, report, p[0], pool.submit(judge, p, target)))

    rows = []
    summary = {}
    for fx, i, s, target, cmd, report, pname, fut in verdicts:
        accepted, detail, pcmds = fut.result()
        family = plan[fx][0]
        verdict = "rejected" if accepted is False else ("ACCEPTED" if accepted else "TIMEOUT")
        rows.append((family, fx, i, s, report.get("strategy", "?"), "yes" if report.get("escalated") else "", pname, verdict, detail))
        summary.setdefault((family, pname), {}).setdefault(i, [0, 0])
        summary[(family, pname)][i][0 if accepted is False else 1] += 1
        if accepted is not False:
            failures.append(f"{verdict} {family} {fx} intensity {i} seed {s} by {pname} ({detail}). Reproduce: {sh(cmd)} && {' && '.join(pcmds)}")
    # 4. Strict readers: every `reject` among the outputs, and the aimed cases.
    strict_checks = [(fx, i, s, cmd, pool.submit(strict.check_reject, report, source, target))
                     for fx, i, s, source, target, cmd, report in cases]
    if args.only:
        strict.AIMED = [a for a in strict.AIMED if args.only in a[0]]
    aimed = strict.aimed_jobs(pool, fixtures_dir, tool) if not args.fixtures else []
    strict_counts = {"judged": 0, "refused": 0, "known": 0, "unjudged": 0}
    strict_rows = []
    by_family = {}
    for fx, i, s, cmd, fut in strict_checks:
        verdict = fut.result()
        if verdict is None:
            strict_counts["unjudged"] += 1
            continue
        v, detail, pcmds = verdict
        strict_counts["judged"] += 1
        tally = by_family.setdefault(plan[fx][0], [0, 0])
        tally[0] += v == "refused"
        tally[1] += 1
        strict_counts[v] = strict_counts.get(v, 0) + 1
        if v != "refused":
            strict_rows.append(f"  {fx} intensity {i} seed {s}: {v} {detail}")
        if v not in ("refused", "known"):
            failures.append(f"STRICT READER {v} A REJECT {fx} intensity {i} seed {s}: {detail}. Reproduce: {sh(cmd)} && {' && '.join(pcmds)}")
    aimed_rows, aimed_failures, aimed_counts = strict.judge_aimed(aimed)
    failures.extend(aimed_failures)
    pool.shutdown()

    widths = [8, 28, 3, 10, 26, 3, 15, 8]
    header = ("family", "fixture", "int", "seed", "strategy", "esc", "parser", "verdict")
    print(" ".join(h.ljust(w) for h, w in zip(header, widths)) + " detail")
    for r in sorted(rows, key=lambda r: (r[0], r[1], r[2], r[3], r[6])):
        print(" ".join(str(c).ljust(w) for c, w in zip(r[:8], widths)) + " " + r[8])

    print("\nSummary: outputs rejected / judged, per family and parser, at each intensity")
    for (family, pname), by_i in sorted(summary.items()):
        cells = "  ".join(f"i{i}: {v[0]}/{v[0] + v[1]}" for i, v in sorted(by_i.items()))
        print(f"  {family:9} {pname:15} {cells}")
    for line in not_judged:
        print(f"NOT JUDGED {line}")
    print(f"\nStrict readers (strict.py): {strict_counts['judged']} guaranteed_break outputs with expect_overall "
          f"reject judged: {strict_counts['refused']} refused, {strict_counts.get('known', 0)} accepted where a "
          f"known leniency explains it; {strict_counts['unjudged']} not judged (no reject, or no strict reader)")
    print("  refused / judged per family: " + ", ".join(f"{f} {r}/{n}" for f, (r, n) in sorted(by_family.items())))
    for row in strict_rows:
        print(row)
    print("Aimed cases:")
    strict.print_rows(aimed_rows)
    print(strict.summary_line(aimed_counts))
    print(f"\n{len(fixtures)} fixtures, {len(cases)} corrupted files, {len(rows)} parser verdicts in {time.time() - started:.0f} s")
    if args.strict and not_judged:
        failures.extend(f"NOT JUDGED {line}" for line in not_judged)
    if failures:
        print(f"\n{len(failures)} FAILURES:")
        for f in failures:
            print("  " + f)
        return 1
    print("All outputs rejected by every listed parser.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

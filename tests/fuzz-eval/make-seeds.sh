#!/usr/bin/env bash
# Remakes the seed corpus in tests/fuzz-eval/seeds/ with real tools: netpbm's pnmtopng and ppmtogif
# (Debian's netpbm) from small PPM images, and Info-ZIP's zip (Debian's zip), which records an
# extended-timestamp extra field as it does by default. The seeds are committed, so an evaluation
# uses the same bytes everywhere; run this only to change them (`bash tests/fuzz-eval/make-seeds.sh`).
set -euo pipefail
cd "$(dirname "$0")"
for tool in pnmtopng ppmtogif pgmtoppm zip; do
  command -v "$tool" >/dev/null || { echo "make-seeds: $tool is missing (apt-get install netpbm zip)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf seeds && mkdir -p seeds/png seeds/gif seeds/zip
# A 12x8 image in four colours (a palette image for both encoders) and a 16x16 gradient in many.
python3 - "$tmp" <<'PY'
import sys
d = sys.argv[1]
colours = [(200, 30, 30), (30, 200, 30), (30, 30, 200), (250, 250, 250)]
px = [colours[(x // 3 + y // 2) % 4] for y in range(8) for x in range(12)]
open(f"{d}/four.ppm", "w").write("P3\n12 8\n255\n" + "\n".join(" ".join(map(str, p)) for p in px) + "\n")
px = [(x * 10, y * 10, (x + y) * 5) for y in range(20) for x in range(20)]
open(f"{d}/grad.ppm", "w").write("P3\n20 20\n255\n" + "\n".join(" ".join(map(str, p)) for p in px) + "\n")
open(f"{d}/comment.txt", "w").write("Comment Fracture fuzz evaluation seed\n")
PY
pnmtopng "$tmp/four.ppm" >seeds/png/palette.png 2>/dev/null
pnmtopng -interlace -text "$tmp/comment.txt" "$tmp/grad.ppm" >seeds/png/rgb-interlaced.png 2>/dev/null
ppmtogif "$tmp/four.ppm" >seeds/gif/four.gif 2>/dev/null
ppmtogif -interlace "$tmp/four.ppm" >seeds/gif/four-interlaced.gif 2>/dev/null
# Fixed times, so the archive's header fields do not depend on when it was made.
printf 'Fracture fuzz evaluation seed: a short text member.\n' >"$tmp/notes.txt"
head -c 300 "$tmp/grad.ppm" >"$tmp/image.ppm"
touch -d '2026-01-02 03:04:05 UTC' "$tmp/notes.txt" "$tmp/image.ppm"
(cd "$tmp" && TZ=UTC zip -q -9 "$PWD/deflated.zip" notes.txt image.ppm && TZ=UTC zip -q -0 "$PWD/stored.zip" notes.txt)
cp "$tmp/deflated.zip" "$tmp/stored.zip" seeds/zip/
ls -l seeds/*
